/**
 * `migration repair` on the database side (facts §5.4): history rows inserted or deleted without
 * running any migration SQL. Each function returns what changed per version, for the caller's
 * journal events and the migration-repair machine.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { inTransaction } from './connect.js';
import { listMigrations } from './migration-files.js';
import { appliedVersions, deleteVersions, deleteVersionsUpTo, ensureHistoryTable, insertHistoryRows, truncateHistory } from './migration-history.js';
import { scriptError, statementsOf } from './migration-runner.js';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';
import { TaskError } from '../task-error.js';

export type RepairStatus = 'applied' | 'reverted';

/** What happened to one version's history row. */
export interface RepairChange {
  version: string;
  /** `inserted`/`deleted` changed the table; `absent` means a reverted version had no row. */
  change: 'inserted' | 'deleted' | 'absent';
}

/** A version argument must be a whole number (facts §5.4). */
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

/** Marks `versions` applied (inserting rows, which fails on a duplicate) or reverted (deleting them). */
export async function repairVersions(client: pg.Client, root: string, versions: string[], status: RepairStatus): Promise<RepairChange[]> {
  if (status === 'applied') {
    const rows = await Promise.all(versions.map(async (version) => {
      const found = await migrationFileOf(root, version);
      return { version, name: found.name, statements: await recordedStatements(found) };
    }));
    await inTransaction(client, async () => {
      await ensureHistoryTable(client);
      await insertHistoryRows(client, rows);
    });
    return versions.map((version) => ({ version, change: 'inserted' }));
  }
  const before = new Set(await appliedVersions(client));
  await inTransaction(client, () => deleteVersions(client, versions));
  return versions.map((version) => ({ version, change: before.has(version) ? 'deleted' : 'absent' }));
}

/** Rebuilds the whole table: emptied, then (for `applied`) one row per local migration file. */
export async function repairAll(client: pg.Client, root: string, status: RepairStatus): Promise<RepairChange[]> {
  const before = await appliedVersions(client);
  const local = status === 'applied' ? (await listMigrations(root)).migrations : [];
  const rows = await Promise.all(local.map(async (file) => ({ ...file, statements: await recordedStatements(file) })));
  await inTransaction(client, async () => {
    await truncateHistory(client);
    await insertHistoryRows(client, rows);
  });
  const kept = new Set(rows.map((row) => row.version));
  return [
    ...before.filter((version) => !kept.has(version)).map((version) => ({ version, change: 'deleted' as const })),
    ...rows.map((row) => ({ version: row.version, change: 'inserted' as const })),
  ];
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
