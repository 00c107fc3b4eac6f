/**
 * The migration history table, with the original's exact SQL (facts §5.1), so either tool reads
 * what the other wrote. The DDL runs before every insert, which upgrades old tables in place.
 */
import type pg from 'pg';

/** Creates the history table or upgrades an old one; run before every insert. */
export const HISTORY_DDL = [
  'CREATE SCHEMA IF NOT EXISTS supabase_migrations',
  'CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY)',
  'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[]',
  'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text',
] as const;

export const INSERT_VERSION = 'INSERT INTO supabase_migrations.schema_migrations(version, name, statements) VALUES($1, $2, $3)';
export const DELETE_VERSIONS = 'DELETE FROM supabase_migrations.schema_migrations WHERE version = ANY($1)';
export const DELETE_UP_TO = 'DELETE FROM supabase_migrations.schema_migrations WHERE version <= $1';
export const TRUNCATE_HISTORY = 'TRUNCATE supabase_migrations.schema_migrations';
export const SELECT_VERSIONS = 'SELECT version FROM supabase_migrations.schema_migrations ORDER BY version';

/** One history row to write. */
export interface HistoryRow {
  version: string;
  name: string;
  statements: string[];
}

/** Creates or upgrades the history table. */
export async function ensureHistoryTable(client: pg.Client): Promise<void> {
  // One round trip: the four statements as one simple-protocol script.
  await client.query(HISTORY_DDL.join(';\n'));
}

/** Records one applied migration (after ensureHistoryTable). */
export async function insertHistoryRow(client: pg.Client, row: HistoryRow): Promise<void> {
  await client.query(INSERT_VERSION, [row.version, row.name, row.statements]);
}

/** Applied versions in order; an absent table (SQLSTATE 42P01) means none. */
export async function appliedVersions(client: pg.Client): Promise<string[]> {
  try {
    const result = await client.query<{ version: string }>(SELECT_VERSIONS);
    return result.rows.map((row) => row.version);
  } catch (err) {
    if ((err as { code?: string }).code === '42P01') return [];
    throw err;
  }
}

/** Applied versions with the statements recorded for them (null for rows written by old tools). */
export async function appliedRows(client: pg.Client): Promise<Array<{ version: string; statements: string[] | null }>> {
  try {
    const result = await client.query<{ version: string; statements: string[] | null }>(
      'SELECT version, statements FROM supabase_migrations.schema_migrations ORDER BY version',
    );
    return result.rows;
  } catch (err) {
    // No table (42P01) or a table from before the statements column (42703): nothing to compare.
    if (['42P01', '42703'].includes((err as { code?: string }).code ?? '')) return [];
    throw err;
  }
}

/** Removes the given versions (repair --status reverted). */
export async function deleteVersions(client: pg.Client, versions: string[]): Promise<number> {
  await ensureHistoryTable(client);
  return (await client.query(DELETE_VERSIONS, [versions])).rowCount ?? 0;
}

/** Empties the history table (repair of the whole table). */
export async function truncateHistory(client: pg.Client): Promise<void> {
  await ensureHistoryTable(client);
  await client.query(TRUNCATE_HISTORY);
}
