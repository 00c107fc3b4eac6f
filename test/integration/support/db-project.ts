/**
 * Test support for the database commands: a copy of examples/demo (or an empty project) with its
 * own project id and free port, started on the native runtime, and the CLI run in-process
 * against it with optional piped stdin.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../../tasks/project/config-load.js';
import { initProject } from '../../../tasks/project/init-project.js';
import { nativeRuntime } from '../../../tasks/native/native-runtime.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './temp-project.js';

export const DEMO = fileURLToPath(new URL('../../../examples/demo', import.meta.url));

export interface DbProject {
  root: string;
  projectId: string;
  port: number;
  url: string;
  env: NodeJS.ProcessEnv;
  /** Runs `supabase <args>` in the project; `env` adds to (or overrides) the project's environment. */
  cli(args: string[], stdin?: string, env?: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Stops the database and removes the folder and data. */
  dispose(): Promise<void>;
}

/** A started project: the demo's supabase/ folder, or an empty `supabase init` one. */
export async function startProject(options: { demo?: boolean; files?: Record<string, string> } = {}): Promise<DbProject> {
  const root = await tempDir('dbcmd');
  if (options.demo) await cp(path.join(DEMO, 'supabase'), path.join(root, 'supabase'), { recursive: true });
  else await initProject(root);
  for (const [rel, text] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(root, 'supabase', rel)), { recursive: true });
    await writeFile(path.join(root, 'supabase', rel), text);
  }
  const port = await freePort();
  const projectId = path.basename(root);
  const configFile = path.join(root, 'supabase', 'config.toml');
  const toml = (await readFile(configFile, 'utf8'))
    .replace(/^project_id = .*$/m, `project_id = "${projectId}"`)
    .replace(/^(\[db\][^[]*?^port = )\d+$/ms, `$1${port}`);
  await writeFile(configFile, toml);
  const env = await nativeTestEnv();
  const { config } = await loadConfig(root, { env });
  const started = await nativeRuntime.start({ root, config }, { env });
  return {
    root,
    projectId,
    port,
    url: started.dbUrl,
    env,
    cli: (args, stdin, extra) => runIn(root, { ...env, ...extra }, args, stdin),
    dispose: async () => {
      await nativeRuntime.destroyData(projectId, { env }).catch(() => undefined);
      await removeDir(root);
    },
  };
}

async function runIn(cwd: string, env: NodeJS.ProcessEnv, argv: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  // Loaded with import() so main and the lazily loaded handlers share one copy of cli/errors.ts
  // (mocha may load this file through require, which would make a second copy).
  const { main } = await import('../../../cli/main.js');
  let stdout = '';
  let stderr = '';
  const code = await main({
    argv,
    env,
    cwd,
    io: {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      interactive: false,
      readStdin: async () => stdin ?? '',
    },
  });
  return { code, stdout, stderr };
}
