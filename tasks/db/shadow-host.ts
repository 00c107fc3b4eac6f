/**
 * Where shadow databases live: the project's native cluster, which holds the bootstrapped
 * template database. The original starts a container for each; here the local stack must run.
 */
import { nativeRuntime } from '../native/native-runtime.js';
import type { ProjectConfig } from '../project/config.types.js';
import { TaskError } from '../task-error.js';

/** The URL of the running local native database, or the original's "not running" error. */
export async function shadowHostUrl(config: ProjectConfig, env: NodeJS.ProcessEnv): Promise<string> {
  const status = await nativeRuntime.status(config.project_id, config, { env });
  if (status.state !== 'running' || !status.healthy || !status.dbUrl) {
    throw new TaskError('supabase start is not running.', 'Run supabase start first: shadow databases are made inside the local database cluster.');
  }
  return status.dbUrl;
}
