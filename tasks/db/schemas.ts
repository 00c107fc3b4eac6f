/**
 * The original's schema lists (system ones that diff and dump leave out, and the
 * internal ones besides), and the query that lists a database's schemas except some.
 * Entries may hold `*` wildcards, as the original's lists do.
 */
import type pg from 'pg';
import type { SystemCatalogs } from './catalog/system-catalogs.js';

/** Schemas of PostgreSQL itself and of extensions: never diffed or dumped. */
export const SYSTEM_SCHEMAS = [
  'information_schema', 'pg_*', 'cron', 'graphql', 'graphql_public', 'net', 'pgsodium', 'pgsodium_masks', 'pgtle',
  'repack', 'tiger', 'tiger_data', 'timescaledb_*', '_timescaledb_*', 'topology', 'vault',
];

/** Schemas Supabase manages, without the history schema (what `db reset` leaves alone). */
export const MANAGED_SCHEMAS = ['auth', 'extensions', 'pgbouncer', 'realtime', '_realtime', 'storage', '_analytics', 'supabase_functions'];

/** Internal schemas: managed, history and system. */
export const INTERNAL_SCHEMAS = [...MANAGED_SCHEMAS, 'supabase_migrations', ...SYSTEM_SCHEMAS];

/** What `db diff` leaves out by default: `extensions` and `public` are diffed. */
export const DIFF_EXCLUDED_SCHEMAS = INTERNAL_SCHEMAS.filter((schema) => schema !== 'extensions');

/** A schema-list entry as a LIKE pattern: `_` literal, `*` any run of characters. */
export function likePattern(entry: string): string {
  return entry.replace(/\\/g, '\\\\').replace(/_/g, '\\_').replace(/%/g, '\\%').replace(/\*/g, '%');
}

/** The database's schemas, in name order, except those matching `excluded`. */
export async function listSchemas(client: pg.Client, excluded: string[]): Promise<string[]> {
  // Loaded here: a local `db reset` imports this module but never lists schemas.
  const { kyselyOn } = await import('./kysely.js');
  const rows = await kyselyOn<SystemCatalogs>(client)
    .selectFrom('information_schema.schemata')
    .select('schema_name')
    // `like any(array)`: one parameter for the whole list, however long.
    .where((eb) => eb.not(eb('schema_name', 'like', eb.fn.any(eb.val(excluded.map(likePattern))))))
    .orderBy('schema_name')
    .execute();
  return rows.map((row) => row.schema_name);
}

/** A `-s a,b` value as a list (the flag may also be given more than once). */
export function schemaList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return items.flatMap((item) => String(item).split(',')).map((item) => item.trim()).filter(Boolean);
}
