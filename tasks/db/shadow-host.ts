/**
 * Where shadow databases live and resets happen: the project's native cluster, which holds the
 * bootstrapped template database. The original starts a container for each; here the local stack
 * must run, and when it does not, the message is the one every command gives.
 */
import { nativeRuntime, type NativeStatus } from '../native/native-runtime.js';
import type { ProjectConfig } from '../project/config.types.js';
import { stackNotRunning } from '../stack/not-running.js';

/** The URL of the running local native database, or the original's "not running" error. */
export async function shadowHostUrl(config: ProjectConfig, env: NodeJS.ProcessEnv): Promise<string> {
  return runningDbUrl(await nativeRuntime.status(config.project_id, config, { env }));
}

/** The database URL of a status read already (with the project's config), or the original's "not running" error. */
export function runningDbUrl(status: NativeStatus): string {
  if (status.state !== 'running' || !status.healthy || !status.dbUrl) throw stackNotRunning();
  return status.dbUrl;
}
