/**
 * Ctrl-C and SIGTERM. A command that is changing the project must not just vanish: on the first
 * signal the work under way is cancelled (database statements are terminated, so their
 * transactions roll back now; child processes are killed), the journal records the interruption,
 * the lock is released and one line says what happened and what the next command will do. A
 * second signal exits at once. Handlers register cleanups while they hold something that needs one.
 */

/** Something to undo or record when the command is interrupted; runs before the process exits. */
export type InterruptCleanup = (signal: NodeJS.Signals) => Promise<void> | void;

const cleanups: InterruptCleanup[] = [];
const describers: Array<(signal: NodeJS.Signals) => string> = [];
let interrupting: NodeJS.Signals | undefined;

// A cleanup that hangs (a database that does not answer) must not keep the user waiting long.
const CLEANUP_BUDGET_MS = 5_000;
const EXIT_CODES: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** Registers a cleanup; the returned function removes it again (call it when the work is done). */
export function onInterrupt(cleanup: InterruptCleanup): () => void {
  cleanups.push(cleanup);
  return () => remove(cleanups, cleanup);
}

/** Registers the one line shown on an interruption; the latest registered one wins. */
export function describeInterruption(describe: (signal: NodeJS.Signals) => string): () => void {
  describers.push(describe);
  return () => remove(describers, describe);
}

/** The signal being handled, while the command winds down after Ctrl-C or SIGTERM. */
export function interruptedBy(): NodeJS.Signals | undefined {
  return interrupting;
}

/** What the handlers need of the process: where the line goes and how to exit. */
export interface InterruptIO {
  stderr: (text: string) => void;
  /** A terminal whose cursor a spinner may have hidden. */
  interactive: boolean;
  exit: (code: number) => void;
}

/** Installs the SIGINT, SIGTERM and SIGHUP handlers (the real process only, never in tests run in-process). */
export function installInterruptHandlers(io: InterruptIO): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void handle(signal, io));
}

/** Runs the cleanups (newest first), prints the line and exits; exported for tests. */
export async function handle(signal: NodeJS.Signals, io: InterruptIO): Promise<void> {
  const code = EXIT_CODES[signal] ?? 130;
  if (interrupting) {
    io.exit(code);
    return;
  }
  interrupting = signal;
  // Taken now: while the clean-ups run, the interrupted command unwinds and unregisters its own.
  const describe = describers.at(-1);
  const work = (async () => {
    for (const cleanup of [...cleanups].reverse()) {
      try {
        await cleanup(signal);
      } catch {
        // One failed cleanup must not stop the others; the next command reconciles what is left.
      }
    }
  })();
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, CLEANUP_BUDGET_MS).unref())]);
  const line = describe ? describe(signal) : `Interrupted by ${signal}.`;
  io.stderr(`${io.interactive ? '\u001b[?25h\n' : ''}${line}\n`);
  io.exit(code);
}

function remove<T>(list: T[], item: T): void {
  const index = list.lastIndexOf(item);
  if (index >= 0) list.splice(index, 1);
}
