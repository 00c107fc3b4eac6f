/**
 * Test support: a temporary project whose local database runs on the native runtime, on a free
 * port written into its config.toml so that CLI commands (--local) find it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { initProject } from '../../../tasks/project/init-project.js';
import { loadConfig } from '../../../tasks/project/config-load.js';
import { nativeRuntime } from '../../../tasks/native/native-runtime.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './temp-project.js';

export interface RunningProject {
  root: string;
  port: number;
  dbUrl: string;
  env: NodeJS.ProcessEnv;
  /** Stops the database, deletes its data and the folder. */
  dispose: () => Promise<void>;
}

/** Creates a project with `files` (paths under supabase/) and starts its database. */
export async function startProject(files: Record<string, string> = {}): Promise<RunningProject> {
  const env = await nativeTestEnv();
  const root = await tempDir('proj');
  await initProject(root);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, 'supabase', rel)), { recursive: true });
    await writeFile(path.join(root, 'supabase', rel), text);
  }
  const port = await freePort();
  const configFile = path.join(root, 'supabase', 'config.toml');
  await writeFile(configFile, (await readFile(configFile, 'utf8')).replace(/^port = 54322$/m, `port = ${port}`));
  const { config } = await loadConfig(root, { env });
  const started = await nativeRuntime.start({ root, config }, { env });
  return {
    root,
    port,
    dbUrl: started.dbUrl,
    env,
    dispose: async () => {
      await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
      await removeDir(root);
    },
  };
}
