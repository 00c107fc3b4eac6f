/** Binds main() to the real process: argv, environment, working folder and standard streams. */
import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import { main } from './main.js';
import type { CommandIO } from './context.js';
import { constants as osConstants } from 'node:os';
import { INTERRUPT_SIGNALS, installInterruptHandlers } from '../tasks/orchestration/interrupts.js';

/** Standard streams as a CommandIO. */
export function processIO(): CommandIO {
  // A reader that stops early (`| head`) makes writes fail with EPIPE; kept here, so it is neither
  // an unhandled error nor lost: drain() hands it to the command that is writing.
  let stdoutError: Error | undefined;
  process.stdout.on('error', (error) => (stdoutError ??= error));
  // Asked of the descriptor, not of process.stdin: that getter builds a stream (for a file or
  // /dev/null, Node's fs streams) which most commands never read, some 4-6 ms of every run.
  const stdinTerminal = isatty(0);
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    interactive: stdinTerminal && Boolean(process.stdout.isTTY),
    stdinTerminal,
    drain: () =>
      new Promise<void>((resolve, reject) => {
        const settle = () => {
          process.stdout.off('drain', settle);
          process.stdout.off('close', settle);
          if (stdoutError) reject(stdoutError);
          else resolve();
        };
        if (stdoutError || !process.stdout.writableNeedDrain) return settle();
        process.stdout.on('drain', settle);
        process.stdout.on('close', settle);
      }),
    readStdin: async () => {
      let text = '';
      process.stdin.setEncoding('utf8');
      for await (const chunk of process.stdin) text += chunk;
      return text;
    },
  };
}

/**
 * Ends the process as the signal would have without a handler: every handler for it is removed
 * and the signal sent again, so the parent sees a death by that signal (a shell: 130 for Ctrl-C).
 */
function endBySignal(signal: NodeJS.Signals): void {
  for (const name of INTERRUPT_SIGNALS) process.removeAllListeners(name);
  process.kill(process.pid, signal);
  // Should the signal be ignored by the environment, end with the conventional code anyway.
  setTimeout(() => process.exit(128 + (osConstants.signals[signal] ?? 2)), 200);
}

/** Runs the CLI for this process and returns the exit code; Ctrl-C and SIGTERM end it cleanly. */
export function runFromProcess(argv: readonly string[]): Promise<number> {
  const io = processIO();
  // Straight to the file descriptor: while a spinner renders, listr2 holds back writes to process.stderr.
  installInterruptHandlers({ stderr: (text) => writeSync(2, text), interactive: Boolean(process.stderr.isTTY), end: endBySignal });
  return main({ argv, env: process.env, cwd: process.cwd(), io });
}
