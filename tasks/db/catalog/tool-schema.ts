/**
 * The tables the tool itself writes, as a kysely database interface: the migration history
 * (supabase_migrations.schema_migrations, as the original creates it). Version 1.145.4 keeps no
 * seed history, so this is the only one. Columns are typed as node-postgres returns them; `name`
 * and `statements` are null in rows an older tool wrote before those columns existed.
 */

export interface SchemaMigrationsTable {
  /** The file's leading number (a 14-digit timestamp, or any whole number). */
  version: string;
  /** The file name between the version and `.sql`. */
  name: string | null;
  /** The file's statements as they were applied, for drift warnings. */
  statements: string[] | null;
}

/** The tool's own schema, by qualified table name. */
export interface ToolSchema {
  'supabase_migrations.schema_migrations': SchemaMigrationsTable;
}

/** The history table, for queries and for the one insert built as text (migration-runner.ts). */
export const HISTORY_TABLE = 'supabase_migrations.schema_migrations' satisfies keyof ToolSchema;
