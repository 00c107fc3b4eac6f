/** Runs a long-lived CLI command (functions serve) as a real process, collecting its output as it comes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './run-cli.js';

export interface BackgroundCli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once stdout or stderr matches, or rejects with both after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** Sends a signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export function startCli(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): BackgroundCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, SUPABASE_DEBUG: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    waitFor: async (pattern, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(stdout) && !pattern.test(stderr)) {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before ${pattern}:\n${stdout}\n${stderr}`);
        if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${stdout}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async (signal = 'SIGINT') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
