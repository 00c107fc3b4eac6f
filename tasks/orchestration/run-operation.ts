/**
 * The frame of every command that changes a project: it takes the operation lock (a second
 * command fails at once, naming this one), finishes or undoes what an earlier command left
 * unfinished, records BEGIN, records each step before and after it runs, and ends with FINISHED or
 * FAILED. Killed at any point, the journal says how far it got and the next command recovers it;
 * interrupted by a signal, it cancels the step, records INTERRUPTED and says so in one line.
 */
import { randomBytes } from 'node:crypto';
import type { JournalStore } from '../journal/journal-store.js';
import { messageOf } from '../task-error.js';
import { describeInterruption, interruptedBy, onInterrupt } from './interrupts.js';
import { JournalSession } from './journal-session.js';
import { withOperation } from './operation-lock.js';
import type { OperationSpec } from './orchestration-types.js';
import { OPERATIONS_STREAM } from './pending-operations.js';
import { nextCommandWill } from './recoveries.js';
import { closeInterrupted } from './recovery.js';
import { reconcile } from './reconcile.js';
import type { RecoveryEnvironment } from './recovery-types.js';
import type { RecordedRun } from './recorded-run.js';

/**
 * A running operation, as its command sees it: `step` runs one step, recorded before it (with its
 * `params`, kept for a recovery) and after it; `record` appends what the run changed (migration
 * history): at once outside a step, with the step's end inside one.
 */
export interface Operation extends RecordedRun {
  id: string;
}

/** An operation with its journal session under the lock (for driving machines with driveRequest). */
export interface JournalOperation extends Operation {
  session: JournalSession;
  /** Interrupted operations whose recovery was left for later (their database is down). */
  deferredRecoveries: number;
}

/** Options of a run. */
export interface OperationOptions {
  environment: RecoveryEnvironment;
  /** How long to wait for another command (default 0: fail at once, naming it). */
  waitMs?: number;
}

/** Runs `work` as one recorded operation on the project's journal. */
export async function runOperation<T>(journal: JournalStore, spec: OperationSpec, options: OperationOptions, work: (operation: JournalOperation) => Promise<T>): Promise<T> {
  return withOperation(journal, spec.command, options.waitMs ?? 0, async () => {
    const session = new JournalSession(journal);
    const deferredRecoveries = await reconcile(session, options.environment, spec.supersedes ? { kinds: spec.supersedes, command: spec.command, target: spec.params?.target } : undefined);
    const id = `${Date.now().toString(36)}-${process.pid}-${randomBytes(2).toString('hex')}`;
    // Steps are written without waiting for the disk (they survive any kill of this process);
    // BEGIN and the end of the run are flushed, and a flush carries every line before it.
    const append = (type: string, data: Record<string, unknown> = {}, durable = true) =>
      session.append([{ stream: OPERATIONS_STREAM, type, data: { id, ...data } }], { durable });
    let current: string | undefined;
    append('BEGIN', { command: spec.command, kind: spec.kind, params: spec.params ?? {}, pid: process.pid });
    // Registered after the lock's own clean-up, so it runs before the lock is let go.
    const forgetCleanup = onInterrupt((signal) => {
      append('INTERRUPTED', { signal });
      // The stack or a migration this run was driving is closed too, in the same words.
      closeInterrupted(session, () => undefined);
    });
    const forgetLine = describeInterruption(
      (signal) => `Interrupted by ${signal}: ${spec.command} stopped ${current ? `at "${current}"` : 'before its first step'}; the next supabase command ${nextCommandWill(spec.kind)}.`,
    );
    // Steps running now: what they record, and their STEP_DONE, go out with the next line written
    // (the next step's STEP_BEGUN, say). A kill before that leaves the step looking unfinished,
    // which its recovery settles from where the effect lives (the history table) as it does for a
    // kill inside the step; both records are facts about an effect that already happened.
    let stepsRunning = 0;
    const operation: JournalOperation = {
      id,
      session,
      deferredRecoveries,
      fold: () => session.fold,
      step: async (name, stepWork, params) => {
        // After a signal nothing new begins: the process is about to exit.
        if (interruptedBy()) return new Promise(() => undefined);
        current = name;
        append('STEP_BEGUN', { step: name, ...(params ? { params } : {}) }, false);
        stepsRunning += 1;
        try {
          const result = await stepWork();
          session.defer([{ stream: OPERATIONS_STREAM, type: 'STEP_DONE', data: { id, step: name } }]);
          return result;
        } finally {
          stepsRunning -= 1;
        }
      },
      record: (events) => (stepsRunning > 0 ? session.defer(events) : void session.append(events, { durable: false })),
    };
    try {
      const result = await work(operation);
      append('FINISHED');
      return result;
    } catch (error) {
      // On a signal the interruption is what gets recorded (by the clean-up above), not a failure;
      // and the lock stays held until that is written, so this run waits for the process to exit.
      if (interruptedBy()) await new Promise(() => undefined);
      append('FAILED', { error: messageOf(error).split('\n', 1)[0] });
      throw error;
    } finally {
      forgetCleanup();
      forgetLine();
    }
  });
}
