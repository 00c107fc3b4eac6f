/**
 * Ctrl-C and SIGTERM. A command that is changing the project must not just vanish: on the first
 * signal the work under way is cancelled (database statements are terminated, so their
 * transactions roll back now; child processes are killed), the journal records the interruption,
 * the lock is released and one line says what happened and what the next command will do; then
 * the process ends the way the signal asks (so a shell sees 130 for Ctrl-C). A second signal ends
 * it at once. Handlers register cleanups while they hold something that needs one.
 */

/** Something to undo or record when the command is interrupted; runs before the process exits. */
export type InterruptCleanup = (signal: NodeJS.Signals) => Promise<void> | void;

const cleanups: InterruptCleanup[] = [];
const describers: Array<(signal: NodeJS.Signals) => string> = [];
let interrupting: NodeJS.Signals | undefined;
/** Commands that end on a signal as their normal way out (`functions serve`) and handle it themselves. */
let ownSignalHandlers = 0;
let ownedSignalSeen = false;

// A cleanup that hangs (a database that does not answer) must not keep the user waiting long.
const CLEANUP_BUDGET_MS = 5_000;

/** Registers a cleanup; the returned function removes it again (call it when the work is done). */
export function onInterrupt(cleanup: InterruptCleanup): () => void {
  cleanups.push(cleanup);
  return () => remove(cleanups, cleanup);
}

/**
 * For a command whose normal end is Ctrl-C (a server in the foreground): its own handler ends it
 * cleanly and the interruption line is not printed. A second signal still ends the process at
 * once, so a command stuck while closing can be left. Returns the function that gives the
 * signals back.
 */
export function handleSignalsItself(): () => void {
  ownSignalHandlers += 1;
  let released = false;
  return () => {
    if (!released) ownSignalHandlers -= 1;
    released = true;
  };
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

/** What the handlers need of the process: where the line goes and how it ends. */
export interface InterruptIO {
  stderr: (text: string) => void;
  /** A terminal whose cursor a spinner may have hidden. */
  interactive: boolean;
  /** Ends the process by the signal's own default action. */
  end: (signal: NodeJS.Signals) => void;
}

/** The signals a command winds down on. */
export const INTERRUPT_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Installs the SIGINT, SIGTERM and SIGHUP handlers (the real process only, never in tests run in-process). */
export function installInterruptHandlers(io: InterruptIO): void {
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, () => void handle(signal, io));
}

/** Runs the cleanups (newest first), prints the line and exits; exported for tests. */
export async function handle(signal: NodeJS.Signals, io: InterruptIO): Promise<void> {
  if (ownSignalHandlers > 0 && !ownedSignalSeen) {
    ownedSignalSeen = true;
    return;
  }
  if (interrupting || ownedSignalSeen) {
    io.end(signal);
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
  io.end(signal);
}

function remove<T>(list: T[], item: T): void {
  const index = list.lastIndexOf(item);
  if (index >= 0) list.splice(index, 1);
}
