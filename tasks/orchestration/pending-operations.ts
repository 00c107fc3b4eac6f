/**
 * The cheap question every command asks first: did an earlier command leave an operation
 * unfinished? It reads only the `operations` lines of the journal and looks at each run's last
 * event, without the machines (no xstate), so commands that find nothing pay almost nothing.
 */
import type { JournalStore } from '../journal/journal-store.js';

/** The stream of operation runs (machines/operation.machine.ts, keyed by `id`). */
export const OPERATIONS_STREAM = 'operations';

/** Events after which a run needs nothing more (the states without a task or a recovery). */
export const SETTLED_OPERATION_EVENTS: ReadonlySet<string> = new Set(['FINISHED', 'FAILED', 'RECOVERED']);

/** Ids of runs whose last event leaves them running, interrupted or recovering. */
export function unsettledOperations(journal: JournalStore): string[] {
  const last = new Map<string, string>();
  for (const event of journal.read({ stream: OPERATIONS_STREAM }).events) {
    const id = event.data.id;
    if (typeof id === 'string') last.set(id, event.type);
  }
  return [...last].filter(([, type]) => !SETTLED_OPERATION_EVENTS.has(type)).map(([id]) => id);
}
