/** Reads the catalogue of the included schemas over one pg connection, through kysely. */
import type pg from 'pg';
import type { SystemCatalogs } from '../db/catalog/system-catalogs.js';
import { kyselyOn } from '../db/kysely.js';
import type { ArgMode, Catalog, CatalogFunctionArg } from './catalog.types.js';
import {
  columnsQuery, foreignKeysQuery, functionsQuery, relationsQuery, schemasQuery, typesQuery, viewSourcesQuery,
} from './catalog-queries.js';
import { viewTargetEntries } from './view-origins.js';
import { withViewRelationships, type ViewSource } from './view-relationships.js';

const RELATION_KINDS: Record<string, Catalog['relations'][number]['kind']> = { r: 'table', p: 'table', v: 'view', m: 'materialized-view' };
const ARG_MODES: Record<string, ArgMode> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };
const IDENTITY: Record<string, 'ALWAYS' | 'BY DEFAULT'> = { a: 'ALWAYS', d: 'BY DEFAULT' };

/** Runs the catalogue queries for `schemas` and shapes their rows. */
export async function introspect(client: pg.Client, schemas: string[]): Promise<Catalog> {
  const db = kyselyOn<SystemCatalogs>(client);
  // One after another: pg allows a single query in flight per client, and these are quick.
  const schemaRows = await schemasQuery(db, schemas).execute();
  const relationRows = await relationsQuery(db, schemas).execute();
  const columnRows = await columnsQuery(db, schemas).execute();
  const views: ViewSource[] = (await viewSourcesQuery(db).execute()).map((row) => ({
    id: row.id, schema: row.schema, name: row.name, columns: row.columns ?? [],
    entries: (row.actions ?? []).flatMap(viewTargetEntries),
  }));
  const shownTables = [...new Set(views.flatMap((view) => view.entries.map((entry) => entry.originTable)).filter((id) => id !== 0))];
  const keyRows = await foreignKeysQuery(db, schemas, shownTables).execute();
  const functionRows = await functionsQuery(db, schemas).execute();
  const typeRows = await typesQuery(db).execute();
  const keys = keyRows.map((row) => {
    const columnNumbers = row.column_numbers ?? [];
    return {
      foreignKeyName: row.foreign_key_name, schema: row.schema, relation: row.relation, columns: row.columns ?? [],
      isOneToOne: (row.unique_keys ?? []).some((key) => sameList([...key].sort((a, b) => a - b), columnNumbers)),
      referencedSchema: row.referenced_schema, referencedRelation: row.referenced_relation,
      referencedColumns: row.referenced_columns ?? [], tableId: row.table_id, columnNumbers,
      referencedTableId: row.referenced_table_id, referencedColumnNumbers: row.referenced_column_numbers ?? [],
    };
  });
  return {
    schemas: schemaRows.map((row) => row.name),
    relations: relationRows.map((row) => ({
      id: row.id, schema: row.schema, name: row.name, kind: RELATION_KINDS[row.relkind], isUpdatable: row.is_updatable,
    })),
    columns: columnRows.map((row) => ({
      tableId: row.table_id, name: row.name, format: row.format,
      isNullable: !(row.attnotnull || (row.typtype === 'd' && row.typnotnull)),
      isIdentity: row.attidentity in IDENTITY, identityGeneration: IDENTITY[row.attidentity] ?? null,
      defaultValue: row.default_value, isUpdatable: row.is_updatable,
    })),
    // One-to-one: the key's columns, in key order, are a primary key or unique constraint's in column order.
    relationships: withViewRelationships(keys, views),
    functions: functionRows.map((row) => ({
      id: row.id, schema: row.schema, name: row.name, argumentTypes: row.argument_types,
      returnTypeId: row.return_type_id,
      returnTypeRelationId: row.return_type_relation_id === 0 ? null : row.return_type_relation_id,
      isSetReturning: row.is_set_returning,
      args: functionArgs(
        row.proallargtypes ?? row.proargtypes.split(' ').filter(Boolean).map(Number),
        // `"char"[]` arrives as text such as `{i,o}`; its elements are single letters.
        row.proargmodes?.slice(1, -1).split(',') ?? [], row.proargnames ?? [], row.nargs, row.nargdefaults,
      ),
    })),
    types: typeRows.map((row) => ({
      id: row.id, schema: row.schema, name: row.name, enums: row.enums ?? [], attributes: row.attributes ?? [],
    })),
  };
}

/**
 * Pairs argument types with modes and names. Defaults are marked by position among all the
 * arguments, as postgres-meta does: the last `defaults` of the first `inputs` positions.
 */
function functionArgs(types: number[], modes: string[], names: string[], inputs: number, defaults: number): CatalogFunctionArg[] {
  return types.map((typeId, index) => ({
    mode: ARG_MODES[modes[index] ?? 'i'],
    name: names[index] ?? '',
    typeId,
    hasDefault: index >= inputs - defaults && index < inputs,
  }));
}

function sameList(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
