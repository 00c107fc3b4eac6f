/**
 * Runs a command on a real pseudo-terminal through util-linux `script` (part of every Debian
 * install), so the CLI sees a terminal on stdin, stdout and stderr as a user's shell gives it.
 * Tests read the screen's bytes as they arrive and type answers when a prompt shows.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface PtySession {
  /** Everything the terminal showed so far (escape sequences included). */
  output(): string;
  /** Resolves once `text` (a string or pattern) has been shown; fails after `timeoutMs`. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Types `text` as keystrokes. */
  type(text: string): void;
  /** The exit code, once the command has ended. */
  exited: Promise<number>;
}

/** Whether `script` is available; under CI=true its absence is a failure, not a skip. */
export function hasScript(): boolean {
  return spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Quotes an argument for the shell `script` runs the command with. */
function shellQuote(argument: string): string {
  return `'${argument.replace(/'/g, `'\\''`)}'`;
}

/** Starts `command args` on a terminal of 120 columns, in `cwd`, with `env`. */
export function runOnPty(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): PtySession {
  const line = `stty cols 120 rows 30; exec ${[command, ...args].map(shellQuote).join(' ')}`;
  const child: ChildProcess = spawn('script', ['-qfec', line, '/dev/null'], {
    cwd: options.cwd,
    env: { ...options.env, TERM: 'xterm-256color' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let shown = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    shown += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number>((resolve) => child.on('close', (code) => {
    child.stdin!.destroy();
    resolve(code ?? -1);
  }));
  return {
    output: () => shown,
    waitFor(text, timeoutMs = 20_000) {
      const seen = () => (typeof text === 'string' ? shown.includes(text) : text.test(shown));
      if (seen()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`waited ${timeoutMs} ms for ${String(text)}; the terminal showed:\n${shown}`));
        }, timeoutMs);
        const check = () => {
          if (!seen()) return;
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
      });
    },
    type: (text) => void child.stdin!.write(text),
    exited,
  };
}
