/**
 * What every command does before its own work: finish or undo what an earlier command left
 * unfinished. Under the operation lock, anything still in flight has no live owner, so it is
 * closed as interrupted; then each interrupted operation is handed to its kind's recovery
 * (recoveries.ts), which completes it or rolls it back, and the user is told in one line.
 */
import type { OperationContext } from '../../machines/operation.machine.js';
import type { StreamView } from '../../machines/journal/state-view.js';
import { messageOf } from '../task-error.js';
import type { JournalStore } from '../journal/journal-store.js';
import { JournalSession } from './journal-session.js';
import { withOperation, OperationBusyError } from './operation-lock.js';
import { OPERATIONS_STREAM, unsettledOperations } from './pending-operations.js';
import { recoveryOf } from './recoveries.js';
import { closeInterrupted } from './recovery.js';
import type { InterruptedOperation, RecoveryContext, RecoveryEnvironment, RecoveryResult } from './recovery-types.js';

/** An interrupted operation that a new one redoes from scratch, and the command that redoes it. */
export interface Superseding {
  kinds: readonly string[];
  command: string;
  /** Only operations on the same database target (`local`, ...) are superseded. */
  target?: unknown;
}

/**
 * For commands that do not hold the lock (status, migration list ...): reconciles when the
 * journal shows something unfinished and nobody else is at work; otherwise does nothing.
 */
export async function reconcileProject(journal: JournalStore, environment: RecoveryEnvironment, label: string): Promise<void> {
  if (unsettledOperations(journal).length === 0) return;
  try {
    await withOperation(journal, label, 0, () => reconcile(new JournalSession(journal), environment));
  } catch (error) {
    // A live command holds the project: what looks unfinished is its work in progress.
    if (!(error instanceof OperationBusyError)) throw error;
  }
}

/**
 * Closes what is in flight and recovers every interrupted operation; the caller holds the lock.
 * Returns how many recoveries were left for later because what they need is not up (a reset's
 * database): a command that brings it up (start) runs them then.
 */
export async function reconcile(session: JournalSession, environment: RecoveryEnvironment, superseding?: Superseding): Promise<number> {
  const closed = closeInterrupted(session, () => undefined);
  const pending = interruptedOperations(session);
  environment.debug?.(`reconcile: ${pending.length} interrupted operation(s) to recover`);
  if (pending.length === 0) {
    // A journal from before operations were recorded: say what was closed, as before.
    for (const view of closed) environment.notify(`${describeView(view)} was left ${view.snapshot.value} by a command that did not finish; recorded as interrupted.`);
    return 0;
  }
  let deferred = 0;
  for (const operation of pending) if (!(await recoverOne(session, environment, operation, superseding))) deferred += 1;
  return deferred;
}

/** Recovers one operation; false when its recovery is not ready yet and was left for later. */
async function recoverOne(session: JournalSession, environment: RecoveryEnvironment, operation: InterruptedOperation, superseding: Superseding | undefined): Promise<boolean> {
  const append = (type: string, data: Record<string, unknown> = {}) => session.append([{ stream: OPERATIONS_STREAM, type, data: { id: operation.id, ...data } }]);
  const what = `the ${operation.command ?? 'command'} that was interrupted ${where(operation)}`;
  const recovery = await recoveryOf(operation.kind);
  const context: RecoveryContext = {
    operation,
    session,
    environment,
    step: async (name, work) => {
      append('STEP_BEGUN', { step: name });
      const result = await work();
      append('STEP_DONE', { step: name });
      return result;
    },
  };
  if (!recovery) {
    append('RECOVER');
    append('RECOVERED', { outcome: 'rolled back' });
    return true;
  }
  // Not now (its database is down): a later command does it, and nothing supersedes it meanwhile.
  if (recovery.ready && !(await recovery.ready(context))) return false;
  if (superseding && operation.kind && superseding.kinds.includes(operation.kind) && operation.params.target === superseding.target) {
    append('RECOVER');
    append('RECOVERED', { outcome: 'superseded' });
    environment.notify(`Not recovering ${what}: this ${superseding.command} redoes the database from scratch.`);
    return true;
  }
  append('RECOVER');
  try {
    const result = await recovery.run(context);
    append('RECOVERED', { outcome: result.outcome });
    environment.notify(`${result.verb ?? OUTCOME_WORDS[result.outcome]} ${what}${result.detail ? `; ${result.detail}` : ''}.`);
  } catch (error) {
    append('RECOVERY_FAILED', { error: messageOf(error) });
    environment.notify(`Could not finish or undo ${what} (the next command tries again): ${firstLine(messageOf(error))}`);
  }
  return true;
}

const OUTCOME_WORDS: Record<RecoveryResult['outcome'], string> = { completed: 'Finished', 'rolled back': 'Rolled back', 'left as it is': 'Could not reach what was changed by' };

/** The operations in the `interrupted` state, oldest first. */
function interruptedOperations(session: JournalSession): InterruptedOperation[] {
  const instances = session.fold.streams[OPERATIONS_STREAM]?.instances ?? {};
  return Object.entries(instances)
    .filter(([, snapshot]) => snapshot.value === 'interrupted')
    .map(([id, snapshot]) => ({ id, ...(snapshot.context as unknown as OperationContext) }));
}

function where(operation: InterruptedOperation): string {
  return operation.step ? `at "${operation.step}"` : 'before its first step';
}

function describeView(view: Pick<StreamView, 'stream' | 'key'>): string {
  return view.key === undefined ? view.stream : `${view.stream} ${view.key}`;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? text;
}
