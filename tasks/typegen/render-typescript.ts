/**
 * Renders a catalogue as the TypeScript file postgres-meta v0.77.2 generates: `Json`, then
 * `Database` with one entry per schema, then the helper types.
 */
import type { Catalog, CatalogColumn, CatalogFunction, CatalogRelation, CatalogRelationship, CatalogType } from './catalog.types.js';
import { HELPER_TYPES, JSON_TYPE } from './helper-types.js';
import { byName, columnType, compare, groupBy, rowMember, scalarTypeById, type RenderContext, type RenderOptions } from './render-context.js';
import { functionEntries } from './render-functions.js';
import { printTypeAfter } from './ts-printer.js';
import { emptySection, literal, nullable, object, text, tuple, union, type TsMember, type TsType } from './ts-type.js';
import { buildTypeLookup, pgTypeToTs } from './type-mapping.js';

export type { RenderOptions } from './render-context.js';

/**
 * The complete file text. It ends with a blank line: postgres-meta prints the formatted file
 * (which ends with a newline) with console.log, and the CLI passes that output on as it is.
 */
export function renderTypescript(catalog: Catalog, options: RenderOptions): string {
  const tables = catalog.relations.filter((r) => r.kind === 'table');
  const views = catalog.relations.filter((r) => r.kind === 'view');
  const ctx: RenderContext = {
    lookup: buildTypeLookup(catalog.schemas, catalog.types),
    columnsByTable: groupBy([...catalog.columns].sort(byName), (column) => column.tableId),
    typesById: new Map(catalog.types.map((type) => [type.id, type])),
    // Row-returning functions resolve against plain tables and views only, as in postgres-meta.
    relationsById: new Map([...tables, ...views].map((relation) => [relation.id, relation])),
    relationshipsByRelation: groupBy(catalog.relationships, (r) => `${r.schema}.${r.relation}`),
    options,
  };
  const schemas = [...catalog.schemas].sort(compare);
  const database = object(schemas.map((schema) => ({ key: schema, type: schemaType(schema, catalog, ctx) })));
  return `${JSON_TYPE}\n\n${printTypeAfter('export type Database = ', database)}\n\n${HELPER_TYPES}\n\n`;
}

function schemaType(schema: string, catalog: Catalog, ctx: RenderContext): TsType {
  const inSchema = <T extends { schema: string; name: string }>(items: T[]) => items.filter((item) => item.schema === schema).sort(byName);
  const relations = inSchema(catalog.relations);
  const functions = inSchema(catalog.functions.filter(hasCallableArgs));
  const types = inSchema(catalog.types);
  return object([
    { key: 'Tables', type: section(relations.filter((r) => r.kind === 'table').map((t) => tableEntry(t, functions, ctx))) },
    { key: 'Views', type: section(relations.filter((r) => r.kind !== 'table').map((v) => viewEntry(v, ctx))) },
    { key: 'Functions', type: section(functionEntries(functions, ctx)) },
    { key: 'Enums', type: section(types.filter((t) => t.enums.length > 0).map((t) => ({ key: t.name, type: union(t.enums.map(literal)) }))) },
    { key: 'CompositeTypes', type: section(types.filter((t) => t.attributes.length > 0).map((t) => compositeEntry(t, ctx))) },
  ]);
}

/** PostgREST can call a function when all its inputs are named, or it has a single unnamed one. */
function hasCallableArgs(fn: CatalogFunction): boolean {
  const inputs = fn.args.filter((arg) => arg.mode === 'in' || arg.mode === 'inout' || arg.mode === 'variadic');
  return inputs.every((arg) => arg.name !== '') || inputs.length === 1;
}

function tableEntry(table: CatalogRelation, schemaFunctions: CatalogFunction[], ctx: RenderContext): TsMember {
  const columns = ctx.columnsByTable.get(table.id) ?? [];
  // Computed fields: functions taking the table's row as their one argument.
  const computed = schemaFunctions.filter((fn) => fn.argumentTypes === table.name)
    .map((fn) => ({ key: fn.name, type: nullable(scalarTypeById(fn.returnTypeId, ctx)) }));
  const never = (column: CatalogColumn) => ({ key: column.name, optional: true, type: text('never') });
  return {
    key: table.name,
    type: object([
      { key: 'Row', type: object([...columns.map((column) => rowMember(column, ctx)), ...computed]) },
      {
        key: 'Insert',
        type: object(columns.map((column) => column.identityGeneration === 'ALWAYS' ? never(column) : {
          key: column.name,
          optional: column.isNullable || column.isIdentity || column.defaultValue !== null,
          type: columnType(column, ctx),
        })),
      },
      {
        key: 'Update',
        type: object(columns.map((column) => column.identityGeneration === 'ALWAYS'
          ? never(column)
          : { key: column.name, optional: true, type: columnType(column, ctx) })),
      },
      { key: 'Relationships', type: relationships(table, ctx) },
    ]),
  };
}

function viewEntry(view: CatalogRelation, ctx: RenderContext): TsMember {
  const columns = ctx.columnsByTable.get(view.id) ?? [];
  // Through a view every column may be null, whatever the base table says.
  const writable = () => object(columns.map((column) => ({
    key: column.name,
    optional: true,
    type: column.isUpdatable ? nullable(pgTypeToTs(column.format, ctx.lookup)) : text('never'),
  })));
  const members: TsMember[] = [{ key: 'Row', type: object(columns.map((column) => rowMember(column, ctx))) }];
  if (view.kind === 'view' && view.isUpdatable) members.push({ key: 'Insert', type: writable() }, { key: 'Update', type: writable() });
  members.push({ key: 'Relationships', type: relationships(view, ctx) });
  return { key: view.name, type: object(members) };
}

/**
 * The relationships whose referencing side is this relation. A table's are ordered by key name,
 * then referenced relation; a view's by key name alone, ties keeping the order they were found
 * in (postgres-meta sorts the two differently).
 */
function relationships(relation: CatalogRelation, ctx: RenderContext): TsType {
  const found = [...(ctx.relationshipsByRelation.get(`${relation.schema}.${relation.name}`) ?? [])];
  found.sort(relation.kind === 'table'
    ? (a, b) => compare(a.foreignKeyName, b.foreignKeyName) || compare(a.referencedRelation, b.referencedRelation)
    : (a, b) => compare(a.foreignKeyName, b.foreignKeyName));
  return tuple(found.map((r) => relationshipType(r, ctx)));
}

function relationshipType(r: CatalogRelationship, ctx: RenderContext): TsType {
  return object([
    { key: 'foreignKeyName', type: literal(r.foreignKeyName) },
    { key: 'columns', type: tuple(r.columns.map(literal)) },
    ...(ctx.options.detectOneToOneRelationships ? [{ key: 'isOneToOne', type: text(String(r.isOneToOne)) }] : []),
    { key: 'referencedRelation', type: literal(r.referencedRelation) },
    { key: 'referencedColumns', type: tuple(r.referencedColumns.map(literal)) },
  ]);
}

function compositeEntry(type: CatalogType, ctx: RenderContext): TsMember {
  return { key: type.name, type: object(type.attributes.map((attribute) => ({ key: attribute.name, type: scalarTypeById(attribute.typeId, ctx) }))) };
}

/** A schema section, or postgres-meta's placeholder when it is empty. */
function section(members: TsMember[]): TsType {
  return members.length === 0 ? emptySection() : object(members);
}
