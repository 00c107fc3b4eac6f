/** Runs the CLI for tests: as a real process through bin/supabase.js, or in-process through main(). */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../../cli/main.js';

export const BIN = fileURLToPath(new URL('../../bin/supabase.js', import.meta.url));

/** Node's arguments for running the CLI, as bin/supabase.js's first line has them: `--` keeps Node 20 off the CLI's `--env-file`. */
const NODE_ARGS = ['--', BIN];

/**
 * A copy of the entry point in `root`/bin (with the bundle loader it requires, bin/package.json,
 * which makes it CommonJS, and the package's package.json), for tests that give it a dist/ of their own; returns its path.
 */
export function copyOfBin(root: string): string {
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  const copy = path.join(root, 'bin', 'supabase.js');
  copyFileSync(BIN, copy);
  copyFileSync(path.join(path.dirname(BIN), 'cached-script.js'), path.join(root, 'bin', 'cached-script.js'));
  copyFileSync(path.join(path.dirname(BIN), 'package.json'), path.join(root, 'bin', 'package.json'));
  copyFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), path.join(root, 'package.json'));
  return copy;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Spawns `supabase <args>` as a child process (needs `npm run build` first, as `npm test` does). */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [...NODE_ARGS, ...args], {
    cwd: options.cwd,
    env: { ...process.env, SUPABASE_DEBUG: '', SUPABASE_EXPERIMENTAL: '', ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Like runCli, without blocking this process: for tests whose servers run in the test process. `input` is what stdin holds. */
export function runCliAsync(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
      cwd: options.cwd,
      env: { ...process.env, SUPABASE_DEBUG: '', SUPABASE_EXPERIMENTAL: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdin.end(options.input ?? '');
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Calls main() in this process with captured output; much faster for checks over every command. `input` is what stdin holds. */
export async function runMain(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main({
    argv: args,
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    io: {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      interactive: false,
      readStdin: async () => options.input ?? '',
    },
  });
  return { code, stdout, stderr };
}
