/**
 * `migration repair` through the migration-history machine, recorded in the journal: what the files
 * and the table say first (OBSERVED), then each version's MARK_APPLIED / MARK_REVERTED is asked of
 * the machine. One refusal stops the command with the machine's reason and nothing written; the
 * accepted marks are recorded (in flight), the history-table changes their states name run in one
 * transaction, and ROW_INSERTED / ROW_DELETED (or FAILED) settle them. Killed in between, the marks
 * stay in flight and the next command reads the table to settle them.
 */
import type pg from 'pg';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import { accepts, refusalOf, viewOf } from '../../machines/journal/state-view.js';
import { REPAIR_EVENT, ROW_OUTCOME } from '../../machines/migration-history.machine.js';
import type { RecordedRun } from '../orchestration/recorded-run.js';
import { TaskError, messageOf } from '../task-error.js';
import { listMigrations } from './migration-files.js';
import { observedEvents } from './migration-events.js';
import { appliedVersions } from './migration-history.js';
import { repairAll, writeRepairRows, type RepairStatus } from './history-edits.js';
import { migrationFileOf } from './migration-version.js';

/** One version's history-row change, as the machine decided it. */
export interface RepairChange {
  version: string;
  change: keyof typeof ROW_OUTCOME;
}

/** Repairs `versions` (the whole table when empty) and records it on `stream`. */
export async function repairWithHistory(client: pg.Client, root: string, versions: string[], status: RepairStatus, run: RecordedRun, stream: string): Promise<RepairChange[]> {
  const local = (await listMigrations(root)).migrations;
  const applied = await appliedVersions(client);
  const whole = versions.length === 0;
  const affected = whole ? [...new Set([...applied, ...(status === 'applied' ? local.map((file) => file.version) : [])])] : versions;
  // A missing file is named as the original names it, before the machine's more general reason.
  if (!whole && status === 'applied') await Promise.all(versions.map((version) => migrationFileOf(root, version)));
  run.record(observedEvents(stream, local, applied, affected));
  const mark = REPAIR_EVENT[status];
  const asked = affected.map((version) => ({ version, view: viewOf(run.fold(), stream, version) }));
  if (!whole) {
    const refused = asked.find(({ view }) => !accepts(view, { type: mark }));
    if (refused) {
      throw new TaskError(`cannot repair migration ${refused.version} as ${status}: ${refusalOf(refused.view, mark)}`);
    }
  }
  // Rebuilding the whole table, a version the machine refuses (applied twice) is rewritten as it was.
  const marked = asked.filter(({ view }) => accepts(view, { type: mark })).map(({ version }) => version);
  run.record(marked.map((version): NewEvent => ({ stream, type: mark, data: { version } })));
  const changes = marked.flatMap((version): RepairChange[] => {
    const task = viewOf(run.fold(), stream, version).meta.task;
    return task && task in ROW_OUTCOME ? [{ version, change: task as RepairChange['change'] }] : [];
  });
  const versionsOf = (change: RepairChange['change']) => changes.filter((entry) => entry.change === change).map((entry) => entry.version);
  try {
    const backendPid = (client as pg.Client & { processID?: number }).processID ?? null;
    await run.step(
      'update the history table',
      () => (whole ? repairAll(client, root, status) : writeRepairRows(client, root, versionsOf('migration.insert-row'), versionsOf('migration.delete-row'))),
      { backendPid },
    );
  } catch (error) {
    const failed = changes.map((entry) => entry.version);
    run.record(failed.map((version): NewEvent => ({ stream, type: 'FAILED', data: { version, error: messageOf(error).split('\n', 1)[0] } })));
    throw error;
  }
  run.record(changes.map((entry): NewEvent => ({ stream, type: ROW_OUTCOME[entry.change], data: { version: entry.version } })));
  // The whole table was rewritten: what the machine did not mark is read again rather than assumed.
  const unmarked = affected.filter((version) => !changes.some((entry) => entry.version === version));
  if (whole && unmarked.length > 0) run.record(observedEvents(stream, local, await appliedVersions(client), unmarked));
  return changes;
}
