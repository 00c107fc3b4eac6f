/**
 * The migration history table, read and written through kysely with its typed interface
 * (catalog/tool-schema.ts). The table's DDL is the original's exact text, so either
 * tool reads what the other wrote; it runs before the first insert of a run (and again after a file
 * that names its schema: migration-runner.ts), which upgrades old tables in place.
 * Kysely is loaded on the first history query: a `db reset` writes its rows inside each
 * migration's own batch (migration-runner.ts) and never needs it.
 */
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { HISTORY_TABLE, type ToolSchema } from './catalog/tool-schema.js';

/**
 * Creates the history table or upgrades an old one; run before every insert. Raw SQL: the
 * original's own statements, sent together as one multi-statement script (one round trip), and
 * kysely's schema builder has no ADD COLUMN IF NOT EXISTS.
 */
export const HISTORY_DDL = [
  'CREATE SCHEMA IF NOT EXISTS supabase_migrations',
  'CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY)',
  'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[]',
  'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text',
] as const;

/** One history row to write. */
export interface HistoryRow {
  version: string;
  name: string;
  statements: string[];
}

/** Kysely over `client`'s session (its transaction included), typed for the tool's tables. */
export async function historyDb(client: pg.Client): Promise<Kysely<ToolSchema>> {
  const { kyselyOn } = await import('./kysely.js');
  return kyselyOn<ToolSchema>(client);
}

/** Creates or upgrades the history table. */
export async function ensureHistoryTable(client: pg.Client): Promise<void> {
  await client.query(HISTORY_DDL.join(';\n'));
}

/** Records applied migrations (after ensureHistoryTable); a version already there fails. */
export async function insertHistoryRows(client: pg.Client, rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await (await historyDb(client)).insertInto(HISTORY_TABLE).values(rows).execute();
}

/** Applied versions in order; an absent table (SQLSTATE 42P01) means none. */
export async function appliedVersions(client: pg.Client): Promise<string[]> {
  const db = await historyDb(client);
  try {
    const rows = await db.selectFrom(HISTORY_TABLE).select('version').orderBy('version').execute();
    return rows.map((row) => row.version);
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
}

/** Applied versions with the statements recorded for them (null for rows written by old tools). */
export async function appliedRows(client: pg.Client): Promise<Array<{ version: string; statements: string[] | null }>> {
  const db = await historyDb(client);
  try {
    return await db.selectFrom(HISTORY_TABLE).select(['version', 'statements']).orderBy('version').execute();
  } catch (err) {
    // No table (42P01) or a table from before the statements column (42703): nothing to compare.
    if (['42P01', '42703'].includes((err as { code?: string }).code ?? '')) return [];
    throw err;
  }
}

/** Removes the given versions (repair --status reverted); returns how many rows went. */
export async function deleteVersions(client: pg.Client, versions: string[]): Promise<number> {
  await ensureHistoryTable(client);
  const db = await historyDb(client);
  // `= any(array)` rather than `in (...)`: one parameter for any number of versions, none included.
  const result = await db.deleteFrom(HISTORY_TABLE).where((eb) => eb('version', '=', eb.fn.any(eb.val(versions)))).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes every version up to `version` (text order, as the original compares them): a squash's bookkeeping. */
export async function deleteVersionsUpTo(client: pg.Client, version: string): Promise<void> {
  await ensureHistoryTable(client);
  await (await historyDb(client)).deleteFrom(HISTORY_TABLE).where('version', '<=', version).execute();
}

/** Empties the history table (repair of the whole table). */
export async function truncateHistory(client: pg.Client): Promise<void> {
  await ensureHistoryTable(client);
  const { sql } = await import('./kysely.js');
  // Raw SQL: kysely has no TRUNCATE builder; the table name still comes from the typed interface.
  await sql`TRUNCATE ${sql.table(HISTORY_TABLE)}`.execute(await historyDb(client));
}
