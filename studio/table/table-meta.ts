/**
 * Schemas and tables as postgres-meta lists them (`/schemas`, `/tables?include_columns=true`),
 * reduced to what the table editor uses.
 */
import { pgMeta } from '../http';

export interface ColumnMeta {
  name: string;
  /** postgres-meta's `format`: the type's own name (int8, text, timestamptz, ...). */
  format: string;
  data_type: string;
  is_nullable: boolean;
  is_identity: boolean;
  is_generated: boolean;
  is_updatable: boolean;
  default_value: unknown;
  ordinal_position: number;
}

/** A foreign key, as postgres-meta lists it on both of its tables. */
export interface RelationshipMeta {
  source_schema: string;
  source_table_name: string;
  source_column_name: string;
  target_table_schema: string;
  target_table_name: string;
  target_column_name: string;
}

export interface TableMeta {
  id: number;
  schema: string;
  name: string;
  /** postgres-meta's estimate (pg_class.reltuples), shown beside the name. */
  live_rows_estimate: number;
  columns?: ColumnMeta[];
  primary_keys: Array<{ name: string }>;
  relationships: RelationshipMeta[];
}

/** The schemas a user made or uses (postgres-meta leaves out the system ones by default). */
export async function listSchemas(): Promise<string[]> {
  const schemas = await pgMeta<Array<{ name: string }>>('schemas');
  return schemas.map((schema) => schema.name).sort();
}

/** The tables of `schema`, with their columns in order, by name. */
export async function listTables(schema: string): Promise<TableMeta[]> {
  const tables = await pgMeta<TableMeta[]>(`tables?included_schemas=${encodeURIComponent(schema)}&include_columns=true`);
  for (const table of tables) table.columns?.sort((a, b) => a.ordinal_position - b.ordinal_position);
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** Columns a row form may set: identity and generated columns are the database's to fill. */
export function writableColumns(table: TableMeta): ColumnMeta[] {
  return (table.columns ?? []).filter((column) => column.is_updatable && !column.is_generated);
}

/** The foreign keys going out of `table`, by the column that holds them (single-column keys). */
export function outgoingKeys(table: TableMeta): Map<string, RelationshipMeta> {
  const keys = new Map<string, RelationshipMeta>();
  for (const relationship of table.relationships ?? []) {
    if (relationship.source_schema === table.schema && relationship.source_table_name === table.name) keys.set(relationship.source_column_name, relationship);
  }
  return keys;
}
