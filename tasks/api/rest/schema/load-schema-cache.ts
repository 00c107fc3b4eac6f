/**
 * Builds the REST schema cache from the catalog: one round trip (catalog-query.ts), then the
 * keys, relationships and routines assembled here as PostgREST v12.0.1 assembles them. It runs at
 * every start of the gateway and at every `NOTIFY pgrst, 'reload schema'`.
 */
import type pg from 'pg';
import { qualifiedKey, type Column, type Routine, type RoutineParameter, type SchemaCache, type Table } from '../schema-types.js';
import { catalogScript, type Catalog, type CatalogRoutine, type CatalogTable } from './catalog-query.js';
import { buildRelationships } from './relationships.js';
import { viewKeyDependencies, viewPrimaryKey } from './view-keys.js';

const KINDS: Record<string, Table['kind']> = { r: 'table', v: 'view', m: 'materialized view', f: 'foreign table', p: 'partitioned table' };
const VOLATILITY = { i: 'immutable', s: 'stable', v: 'volatile' } as const;
// pg_relation_is_updatable's bits (1 << CMD_INSERT and so on).
const INSERT = 8;
const UPDATE = 4;
const DELETE = 16;

/** Reads the exposed schemas' relations, relationships and routines; runs its own read-only transaction on `client`. */
export async function loadSchemaCache(client: pg.ClientBase, schemas: string[]): Promise<SchemaCache> {
  const catalog = await readCatalog(client, schemas);
  const dependencies = viewKeyDependencies(catalog.views, catalog.keys, schemas);
  const primaryKeys = new Map<number, string[]>();
  for (const key of catalog.keys) if (key.type === 'p') primaryKeys.set(key.table, key.columns);
  const tables = new Map<string, Table>();
  for (const row of catalog.tables) {
    const table = toTable(row, primaryKeys.get(row.oid) ?? []);
    if (table.kind === 'view' || table.kind === 'materialized view') table.primaryKey = viewPrimaryKey(dependencies, table);
    tables.set(qualifiedKey(table), table);
  }
  const routines = new Map<string, Routine[]>();
  for (const row of catalog.routines) {
    const routine = toRoutine(row);
    if (!routine) continue;
    const key = qualifiedKey(routine);
    routines.set(key, [...(routines.get(key) ?? []), routine]);
  }
  // Overloads with fewer parameters first, as PostgREST orders them.
  for (const list of routines.values()) list.sort((a, b) => a.parameters.length - b.parameters.length);
  return {
    schemas: [...schemas],
    tables,
    relationships: buildRelationships(catalog.keys, dependencies, catalog.computed, tables, schemas),
    routines,
    serverVersion: catalog.version,
  };
}

async function readCatalog(client: pg.ClientBase, schemas: string[]): Promise<Catalog> {
  try {
    const results = (await client.query(catalogScript(schemas))) as unknown as pg.QueryResult[];
    return results[2].rows[0].catalog as Catalog;
  } catch (error) {
    // A failed statement leaves the transaction open and aborted; the client must stay usable.
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

function toTable(row: CatalogTable, primaryKey: string[]): Table {
  const kind = KINDS[row.kind];
  const plain = kind === 'table' || kind === 'partitioned table';
  const can = (bit: number) => plain || ((kind === 'view' || kind === 'foreign table') && (row.updatable & bit) === bit);
  return {
    schema: row.schema,
    name: row.name,
    kind,
    ...(row.description !== null && { description: row.description }),
    insertable: can(INSERT),
    updatable: can(UPDATE),
    deletable: can(DELETE),
    primaryKey,
    columns: row.columns.map((column): Column => ({
      name: column.name,
      type: column.type,
      nominalType: column.nominal,
      dataType: column.data_type,
      nullable: column.nullable,
      ...(column.default !== null && { default: column.default }),
      ...(column.max_length !== null && { maxLength: column.max_length }),
      ...(column.enum !== null && { enumValues: column.enum }),
      ...(column.description !== null && { description: column.description }),
      generated: column.generated,
    })),
  };
}

// Types PostgREST widens for arguments: a fixed-length type would truncate what a call sends.
const WIDENED: Record<string, string> = { bit: 'bit varying', 'bit[]': 'bit varying[]', character: 'character varying', 'character[]': 'character varying[]' };
// The one unnamed argument PostgREST accepts: a call's whole body goes to it.
const SINGLE_UNNAMED = new Set(['bytea', 'json', 'jsonb', 'text', 'xml']);

/** A routine as the cache holds it, or undefined for one PostgREST cannot call (unnamed arguments). */
function toRoutine(row: CatalogRoutine): Routine | undefined {
  const inputs = row.args.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
  const unnamed = inputs.filter((arg) => arg.name === '');
  if (unnamed.length > 1 || (unnamed.length === 1 && !(inputs.length === 1 && SINGLE_UNNAMED.has(unnamed[0].type)))) return undefined;
  const parameters = inputs.map((arg, index): RoutineParameter => ({
    name: arg.name,
    type: WIDENED[arg.type] ?? arg.type,
    required: index < row.required,
    variadic: arg.mode === 'v',
  }));
  return {
    schema: row.schema,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    parameters,
    returns: {
      type: row.return_type,
      setOf: row.setof,
      ...(row.return_relation !== null && row.return_schema !== null && { relation: { schema: row.return_schema, name: row.return_relation } }),
      composite: row.return_composite,
    },
    volatility: VOLATILITY[row.volatility],
  };
}
