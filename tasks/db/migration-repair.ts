/**
 * `migration repair` on the database side: history rows inserted or deleted without
 * running any migration SQL. The caller (repair-recorded.ts) records each change in the journal.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { inTransaction } from './connect.js';
import { listMigrations } from './migration-files.js';
import { deleteVersions, deleteVersionsUpTo, ensureHistoryTable, insertHistoryRows, truncateHistory } from './migration-history.js';
import { scriptError, statementsOf } from './migration-runner.js';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';
import { TaskError } from '../task-error.js';

export type RepairStatus = 'applied' | 'reverted';

/** A version argument must be a whole number (the original parses it as an integer). */
export function parseVersion(value: string): string {
  if (!/^[0-9]+$/.test(value)) throw new TaskError(`failed to parse ${value}: invalid version number`);
  return value;
}

/** The file of a version: the first `supabase/migrations/<v>_*.sql`, in lexical order. */
export async function migrationFileOf(root: string, version: string): Promise<{ file: string; path: string; name: string }> {
  const dir = inProject(root, MIGRATIONS_DIR);
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const file = names.find((name) => name.startsWith(`${version}_`) && name.endsWith('.sql'));
  if (!file) throw new TaskError(`glob ${MIGRATIONS_DIR}/${version}_*.sql: file does not exist`);
  return { file, path: path.join(dir, file), name: file.slice(version.length + 1, -'.sql'.length) };
}

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
 * the machine's decision (machines/migration-repair.machine.ts), not this function's.
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
