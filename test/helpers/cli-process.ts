/**
 * Runs the CLI from its sources as a separate process, asynchronously, so servers that live in the
 * test process (a Management API, a DoH resolver) keep answering while it runs. A process of its
 * own matters where the CLI changes process-wide state, as `--dns-resolver https` does.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliResult } from './run-cli.js';

const ENTRY = fileURLToPath(new URL('./cli-source-entry.ts', import.meta.url));
/** tsx's loader by location, since the child's working folder (a temporary project) has no node_modules. */
const TSX = import.meta.resolve('tsx');

export function runCliProcess(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, ...args], {
      cwd: options.cwd,
      env: { ...process.env, SUPABASE_DEBUG: '', SUPABASE_EXPERIMENTAL: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
