/**
 * Runs the CLI in a real pseudo-terminal, through util-linux `script` (part of every Debian
 * install, no native module to build): the program sees terminals on stdin and stdout, a test
 * waits for text on the screen and types keys. `script -e` hands back the program's exit code.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { BIN } from './run-cli.js';

export const KEYS = { enter: '\r', down: '\u001b[B', up: '\u001b[A', ctrlC: '\u0003' };

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b[()][0-9A-B]|\u001b[=>]/g;

/** Shell-quotes one word for script's `-c` command line. */
function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export class PtySession {
  private raw = '';
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly exited: Promise<number>;

  /** Starts `supabase <argv>` (the built binary) in a terminal of 120 columns. */
  constructor(argv: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
    const command = `stty cols 120 rows 40; exec ${[process.execPath, BIN, ...argv].map(quote).join(' ')}`;
    this.child = spawn('script', ['-qfec', command, '/dev/null'], {
      cwd: options.cwd,
      env: { ...process.env, SUPABASE_DEBUG: '', SUPABASE_EXPERIMENTAL: '', TERM: 'xterm-256color', ...options.env },
    });
    this.child.stdout.on('data', (chunk: Buffer) => (this.raw += chunk.toString('utf8')));
    this.child.stderr.on('data', (chunk: Buffer) => (this.raw += chunk.toString('utf8')));
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code ?? -1)));
  }

  /** Everything shown so far, without colours and cursor movement. */
  get screen(): string {
    return this.raw.replace(ANSI, '');
  }

  /** Resolves once the text appears on the screen; fails with the screen after `timeoutMs`. */
  async waitFor(text: string | RegExp, timeoutMs = 15_000): Promise<void> {
    const started = Date.now();
    const seen = () => (typeof text === 'string' ? this.screen.includes(text) : text.test(this.screen));
    while (!seen()) {
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${String(text)}; the screen shows:\n${this.screen}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Types keys into the terminal. */
  type(keys: string): void {
    this.child.stdin.write(keys);
  }

  /** Ends the session (a test that failed half way must not leave it waiting for keys). */
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  /** The program's exit code (killing it after `timeoutMs`). */
  async exitCode(timeoutMs = 15_000): Promise<number> {
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
