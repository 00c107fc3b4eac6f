/**
 * `migration repair` with its history changes in the journal: what the files and the table say
 * first (OBSERVED), each version marked before the table changes (MARK_APPLIED / MARK_REVERTED,
 * in flight) and settled after it (ROW_INSERTED / ROW_DELETED, or FAILED). Killed in between,
 * the marks stay in flight and the next command reads the table to settle them.
 */
import type pg from 'pg';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import { accepts, viewOf } from '../../machines/journal/state-view.js';
import type { RecordedRun } from '../orchestration/recorded-run.js';
import { messageOf } from '../task-error.js';
import { listMigrations } from './migration-files.js';
import { observedEvents } from './migration-events.js';
import { appliedVersions } from './migration-history.js';
import { repairAll, repairVersions, type RepairChange, type RepairStatus } from './migration-repair.js';

/** Repairs `versions` (the whole table when empty) and records it on `stream`. */
export async function repairWithHistory(client: pg.Client, root: string, versions: string[], status: RepairStatus, run: RecordedRun, stream: string): Promise<RepairChange[]> {
  const local = (await listMigrations(root)).migrations;
  const applied = await appliedVersions(client);
  const affected = versions.length > 0 ? versions : [...new Set([...applied, ...(status === 'applied' ? local.map((file) => file.version) : [])])];
  run.record(observedEvents(stream, local, applied, affected));
  const mark = status === 'applied' ? 'MARK_APPLIED' : 'MARK_REVERTED';
  const marked = affected.filter((version) => accepts(viewOf(run.fold(), stream, version), { type: mark, version }));
  run.record(marked.map((version): NewEvent => ({ stream, type: mark, data: { version } })));
  let changes: RepairChange[];
  try {
    const backendPid = (client as pg.Client & { processID?: number }).processID ?? null;
    changes = await run.step(
      'update the history table',
      () => (versions.length > 0 ? repairVersions(client, root, versions, status) : repairAll(client, root, status)),
      { backendPid },
    );
  } catch (error) {
    run.record(marked.map((version): NewEvent => ({ stream, type: 'FAILED', data: { version, error: messageOf(error).split('\n', 1)[0] } })));
    throw error;
  }
  const settled = changes.filter((change) => marked.includes(change.version) && change.change !== 'absent');
  run.record(settled.map((change): NewEvent => ({ stream, type: change.change === 'inserted' ? 'ROW_INSERTED' : 'ROW_DELETED', data: { version: change.version } })));
  return changes;
}
