/**
 * Recording what a command found in reality (status finding a service dead, branches list showing
 * a branch's status, migration list reading the history table). Only observations that change
 * some machine's state are written, so running `status` every second does not fill the journal.
 * It never waits: when another command holds the project, the observation is skipped, because
 * that command's own events will tell.
 */
import { canAccept, step } from '../../machines/journal/compile.js';
import { snapshotOf } from '../../machines/journal/fold.js';
import type { JournalEvent, NewEvent } from '../../machines/journal/journal-event.js';
import { kindOf } from '../../machines/journal/stream-kinds.js';
import type { JournalStore } from '../journal/journal-store.js';
import { JournalSession } from './journal-session.js';
import { OperationBusyError, withOperation } from './operation-lock.js';

/** What was recorded; `skipped` when another command held the project. */
export interface ObservationResult {
  recorded: JournalEvent[];
  skipped: boolean;
}

/** Appends the observations that change a machine's state, under the operation lock (no waiting). */
export async function recordObservations(journal: JournalStore, events: NewEvent[], label = 'observe'): Promise<ObservationResult> {
  try {
    return await withOperation(journal, label, 0, async () => {
      const session = new JournalSession(journal);
      const recorded: JournalEvent[] = [];
      // One at a time: the second observation of a batch may only matter after the first.
      for (const event of events) {
        if (changesState(session, event)) recorded.push(...session.append([event]));
      }
      return { recorded, skipped: false };
    });
  } catch (error) {
    if (error instanceof OperationBusyError) return { recorded: [], skipped: true };
    throw error;
  }
}

/** Whether the event would move the stream's machine or its instance, or change their context. */
function changesState(session: JournalSession, event: NewEvent): boolean {
  const kind = kindOf(event.stream);
  if (!kind) return false;
  const machineEvent = { ...event.data, type: event.type };
  const changes = (machine: NonNullable<typeof kind.machine>, key?: string): boolean => {
    const before = snapshotOf(session.fold, event.stream, key) ?? machine.initial;
    if (!canAccept(machine, before, machineEvent)) return false;
    const after = step(machine, before, machineEvent);
    return after.value !== before.value || JSON.stringify(after.context) !== JSON.stringify(before.context);
  };
  if (kind.machine && changes(kind.machine)) return true;
  const key = kind.keyField ? event.data?.[kind.keyField] : undefined;
  return kind.keyed !== undefined && (typeof key === 'string' || typeof key === 'number') && changes(kind.keyed, String(key));
}
