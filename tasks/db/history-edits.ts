/**
 * Edits of the migration history that run no migration SQL: `migration repair`'s inserted and
 * deleted rows (one version at a time, or the whole table rebuilt) and `migration squash`'s rows
 * folded into the squashed version. Each edit is one transaction. The callers record the changes
 * in the journal (repair-recorded.ts, the squash command).
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { inTransaction } from './connect.js';
import { listMigrations } from './migration-files.js';
import { deleteVersions, deleteVersionsUpTo, ensureHistoryTable, insertHistoryRows, truncateHistory } from './migration-history.js';
import { scriptError, statementsOf } from './migration-runner.js';
import { migrationFileOf } from './migration-version.js';

export type RepairStatus = 'applied' | 'reverted';

/**
 * The statements a history row records for a file. Bytes that are not UTF-8 are refused as the
 * server refuses them in the original's insert (SQLSTATE 22021), naming the file.
 */
async function recordedStatements(found: { file: string; path: string }): Promise<string[]> {
  try {
    return statementsOf(await readFile(found.path)).map((statement) => statement.text);
  } catch (err) {
    throw scriptError(`failed to record migration ${found.file}`, err);
  }
}

/**
 * The history rows the repair machine asked for, in one transaction: `insert` rows from their
 * files, `remove` rows deleted. Which version goes where is
 * the machine's decision (machines/migration-history.machine.ts), not this function's.
 */
export async function writeRepairRows(client: pg.Client, root: string, insert: string[], remove: string[]): Promise<void> {
  const rows = await Promise.all(insert.map(async (version) => {
    const found = await migrationFileOf(root, version);
    return { version, name: found.name, statements: await recordedStatements(found) };
  }));
  await inTransaction(client, async () => {
    // The original runs the history table's DDL before every repair, whatever it changes.
    await ensureHistoryTable(client);
    if (remove.length > 0) await deleteVersions(client, remove);
    await insertHistoryRows(client, rows);
  });
}

/** Rebuilds the whole table: emptied, then (for `applied`) one row per local migration file. */
export async function repairAll(client: pg.Client, root: string, status: RepairStatus): Promise<void> {
  const local = status === 'applied' ? (await listMigrations(root)).migrations : [];
  const rows = await Promise.all(local.map(async (file) => ({ ...file, statements: await recordedStatements(file) })));
  await inTransaction(client, async () => {
    await truncateHistory(client);
    await insertHistoryRows(client, rows);
  });
}

/**
 * After a squash into `version`: every row up to it replaced by `version`'s own row, in one
 * transaction, so the history never lists the squashed versions and the new one only in part.
 */
export async function squashHistory(client: pg.Client, root: string, version: string): Promise<void> {
  const found = await migrationFileOf(root, version);
  const statements = await recordedStatements(found);
  await inTransaction(client, async () => {
    await deleteVersionsUpTo(client, version);
    await insertHistoryRows(client, [{ version, name: found.name, statements }]);
  });
}
