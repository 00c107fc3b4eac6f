/**
 * Applies migration files to a database, each file and its history row in one transaction, so a
 * migration is never recorded without its effects or the other way round. It returns what was
 * applied and what failed instead of throwing halfway (like kysely's Migrator); the caller
 * decides what a failure means (start throws it, after cleaning up).
 */
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import type { MigrationFile } from './migration-files.js';
import { ensureHistoryTable, insertHistoryRow, type HistoryRow } from './migration-history.js';
import { hasTransactionControl, isNonTransactionalStatement, splitStatements } from './sql-scan.js';
import { describeSqlError, missingExtension, missingExtensionSuggestion } from './sql-error.js';
import { TaskError } from '../task-error.js';

/** Where progress lines go (stderr in the CLI). */
export type Notice = (message: string) => void;

export interface MigrationRunResult {
  /** File names applied, in order. */
  applied: string[];
  /** The first failure; files after it were not tried. */
  failed?: { file: string; error: TaskError };
}

/** Applies `migrations` in order, printing `Applying migration <file>...` for each. */
export async function applyMigrations(client: pg.Client, migrations: MigrationFile[], notice: Notice = () => undefined): Promise<MigrationRunResult> {
  const result: MigrationRunResult = { applied: [] };
  for (const migration of migrations) {
    notice(`Applying migration ${migration.file}...`);
    let sql: string;
    try {
      sql = await readFile(migration.path, 'utf8');
    } catch (err) {
      result.failed = { file: migration.file, error: new TaskError(`failed to read migration ${migration.file}: ${(err as Error).message}`) };
      return result;
    }
    try {
      await runMigrationScript(client, sql, { version: migration.version, name: migration.name, statements: splitStatements(sql) });
      result.applied.push(migration.file);
    } catch (err) {
      result.failed = { file: migration.file, error: scriptError(`failed to apply migration ${migration.file}`, err, sql) };
      return result;
    }
  }
  return result;
}

/**
 * Runs one migration script and records it. This is the single place statements are sent, so a
 * statement splitter can replace the one-query send later. Three cases:
 * - usual files: BEGIN; the script as one multi-statement query; history row; COMMIT;
 * - files with their own BEGIN/COMMIT: sent as they are, then the history row in its own
 *   transaction (as in the original, where such files commit on their own);
 * - one statement that cannot run in a transaction (CREATE INDEX CONCURRENTLY): sent alone.
 */
export async function runMigrationScript(client: pg.Client, sql: string, history: HistoryRow): Promise<void> {
  if (hasTransactionControl(sql) || isNonTransactionalStatement(sql)) {
    await client.query(sql);
    await inTransaction(client, async () => {
      await ensureHistoryTable(client);
      await insertHistoryRow(client, history);
    });
    return;
  }
  await inTransaction(client, async () => {
    await client.query(sql);
    await ensureHistoryTable(client);
    await insertHistoryRow(client, history);
  });
}

/** Runs a whole script (seed, roles) as one implicit transaction, outside the history. */
export async function runScript(client: pg.Client, sql: string, label: string): Promise<void> {
  try {
    await client.query(sql);
  } catch (err) {
    throw scriptError(`failed to apply ${label}`, err, sql);
  }
}

async function inTransaction(client: pg.Client, work: () => Promise<void>): Promise<void> {
  await client.query('BEGIN');
  try {
    await work();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

function scriptError(prefix: string, err: unknown, sql: string): TaskError {
  const extension = missingExtension(err);
  return new TaskError(`${prefix}: ${describeSqlError(err, sql)}`, extension ? missingExtensionSuggestion(extension) : undefined, { cause: err });
}
