/** Reads the catalogue of the included schemas over one pg connection. */
import type pg from 'pg';
import type { ArgMode, Catalog, CatalogFunctionArg } from './catalog.types.js';
import {
  COLUMNS_SQL, FOREIGN_KEYS_SQL, FUNCTIONS_SQL, RELATIONS_SQL, SCHEMAS_SQL, TYPES_SQL, VIEW_SOURCES_SQL,
} from './catalog-queries.js';
import { viewTargetEntries } from './view-origins.js';
import { withViewRelationships, type ViewSource } from './view-relationships.js';

const RELATION_KINDS = { r: 'table', p: 'table', v: 'view', m: 'materialized-view' } as const;
const ARG_MODES: Record<string, ArgMode> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };

/** Runs the catalogue queries for `schemas` and shapes their rows. */
export async function introspect(client: pg.Client, schemas: string[]): Promise<Catalog> {
  const query = async <Row extends pg.QueryResultRow>(sql: string, params: unknown[] = [schemas]): Promise<Row[]> =>
    (await client.query<Row>(sql, params)).rows;
  // One after another: pg allows a single query in flight per client, and these are quick.
  const schemaRows = await query<{ name: string }>(SCHEMAS_SQL);
  const relationRows = await query<{ id: string; schema: string; name: string; relkind: keyof typeof RELATION_KINDS; is_updatable: boolean }>(RELATIONS_SQL);
  const columnRows = await query<{
    table_id: string; name: string; format: string; is_nullable: boolean; is_identity: boolean;
    identity_generation: 'ALWAYS' | 'BY DEFAULT' | null; default_value: string | null; is_updatable: boolean;
  }>(COLUMNS_SQL);
  const viewRows = await query<{ id: string; schema: string; name: string; columns: string[]; actions: string[] }>(VIEW_SOURCES_SQL, []);
  const views: ViewSource[] = viewRows.map((row) => ({
    id: Number(row.id), schema: row.schema, name: row.name, columns: row.columns,
    entries: row.actions.flatMap(viewTargetEntries),
  }));
  const shownTables = [...new Set(views.flatMap((view) => view.entries.map((entry) => entry.originTable)).filter((id) => id !== 0))];
  const keyRows = await query<{
    foreign_key_name: string; schema: string; relation: string; table_id: string; column_numbers: number[]; columns: string[];
    is_one_to_one: boolean; referenced_schema: string; referenced_relation: string; referenced_table_id: string;
    referenced_column_numbers: number[]; referenced_columns: string[];
  }>(FOREIGN_KEYS_SQL, [schemas, shownTables]);
  const functionRows = await query<{
    id: string; schema: string; name: string; argument_types: string; return_type_id: string;
    return_type_relation_id: string | null; is_set_returning: boolean; nargs: number; nargdefaults: number;
    arg_types: string[]; arg_modes: string[]; arg_names: string[];
  }>(FUNCTIONS_SQL);
  const typeRows = await query<{ id: string; schema: string; name: string; enums: string[]; attributes: Array<{ name: string; typeId: number }> }>(TYPES_SQL, []);
  const keys = keyRows.map((row) => ({
    foreignKeyName: row.foreign_key_name, schema: row.schema, relation: row.relation, columns: row.columns,
    isOneToOne: row.is_one_to_one, referencedSchema: row.referenced_schema, referencedRelation: row.referenced_relation,
    referencedColumns: row.referenced_columns, tableId: Number(row.table_id), columnNumbers: row.column_numbers,
    referencedTableId: Number(row.referenced_table_id), referencedColumnNumbers: row.referenced_column_numbers,
  }));
  return {
    schemas: schemaRows.map((row) => row.name),
    relations: relationRows.map((row) => ({
      id: Number(row.id), schema: row.schema, name: row.name, kind: RELATION_KINDS[row.relkind], isUpdatable: row.is_updatable,
    })),
    columns: columnRows.map((row) => ({
      tableId: Number(row.table_id), name: row.name, format: row.format, isNullable: row.is_nullable, isIdentity: row.is_identity,
      identityGeneration: row.identity_generation, defaultValue: row.default_value, isUpdatable: row.is_updatable,
    })),
    relationships: withViewRelationships(keys, views),
    functions: functionRows.map((row) => ({
      id: Number(row.id), schema: row.schema, name: row.name, argumentTypes: row.argument_types,
      returnTypeId: Number(row.return_type_id),
      returnTypeRelationId: row.return_type_relation_id === null ? null : Number(row.return_type_relation_id),
      isSetReturning: row.is_set_returning,
      args: functionArgs(row.arg_types.map(Number), row.arg_modes, row.arg_names, row.nargs, row.nargdefaults),
    })),
    types: typeRows.map((row) => ({
      id: Number(row.id), schema: row.schema, name: row.name, enums: row.enums,
      attributes: row.attributes.map((a) => ({ name: a.name, typeId: Number(a.typeId) })),
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
