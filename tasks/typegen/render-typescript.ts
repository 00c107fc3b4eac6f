/**
 * Renders a catalogue as the TypeScript file postgres-meta v0.77.2 generates: `Json`, then
 * `Database` with one entry per schema, then the helper types.
 */
import type { Catalog, CatalogColumn, CatalogFunction, CatalogRelation, CatalogRelationship, CatalogType } from './catalog.types.js';
import { HELPER_TYPES, JSON_TYPE } from './helper-types.js';
import { printTypeAfter } from './ts-printer.js';
import { arrayOf, emptySection, literal, nullable, object, text, tuple, union, type TsMember, type TsType } from './ts-type.js';
import { buildTypeLookup, pgTypeToTs, type TypeLookup } from './type-mapping.js';

export interface RenderOptions {
  /** Whether relationships carry `isOneToOne` (off for PostgREST v9). */
  detectOneToOneRelationships: boolean;
}

/** Everything the section builders share for one generation. */
interface RenderContext {
  lookup: TypeLookup;
  columnsByTable: Map<number, CatalogColumn[]>;
  typesById: Map<number, CatalogType>;
  relationsById: Map<number, CatalogRelation>;
  relationshipsByTable: Map<string, CatalogRelationship[]>;
  options: RenderOptions;
}

// One collator for every comparison: the same order as localeCompare (which postgres-meta
// uses), without its per-call setup, which dominates on thousands of columns.
const collator = new Intl.Collator();
const compare = collator.compare;
const byName = (a: { name: string }, b: { name: string }) => compare(a.name, b.name);

/** The complete file text, ending with a newline. */
export function renderTypescript(catalog: Catalog, options: RenderOptions): string {
  const tables = catalog.relations.filter((r) => r.kind === 'table');
  const views = catalog.relations.filter((r) => r.kind === 'view');
  const ctx: RenderContext = {
    lookup: buildTypeLookup(catalog.schemas, catalog.types, tables, views),
    columnsByTable: groupBy([...catalog.columns].sort(byName), (column) => column.tableId),
    typesById: new Map(catalog.types.map((type) => [type.id, type])),
    // Row-returning functions resolve against plain tables and views only, as in postgres-meta.
    relationsById: new Map([...tables, ...views].map((relation) => [relation.id, relation])),
    relationshipsByTable: groupBy(catalog.relationships, (r) => `${r.schema}.${r.relation}`),
    options,
  };
  const schemas = [...catalog.schemas].sort(compare);
  const database = object(schemas.map((schema) => ({ key: schema, type: schemaType(schema, catalog, ctx) })));
  return `${JSON_TYPE}\n\n${printTypeAfter('export type Database = ', database)}\n\n${HELPER_TYPES}\n`;
}

function schemaType(schema: string, catalog: Catalog, ctx: RenderContext): TsType {
  const inSchema = <T extends { schema: string; name: string }>(items: T[]) => items.filter((item) => item.schema === schema).sort(byName);
  const relations = inSchema(catalog.relations);
  const functions = inSchema(catalog.functions.filter(hasCallableArgs));
  const types = inSchema(catalog.types);
  return object([
    { key: 'Tables', type: section(relations.filter((r) => r.kind === 'table' || r.kind === 'foreign-table').map((t) => tableEntry(t, functions, ctx))) },
    { key: 'Views', type: section(relations.filter((r) => r.kind === 'view' || r.kind === 'materialized-view').map((v) => viewEntry(v, ctx))) },
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
  const computed = schemaFunctions.filter((fn) => fn.argumentTypes === table.name).map((fn) => {
    const type = ctx.typesById.get(fn.returnTypeId);
    return { key: fn.name, type: nullable(type ? pgTypeToTs(type.name, ctx.lookup) : text('unknown')) };
  });
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

/** Foreign keys of the relation, ordered by constraint name, then target. */
function relationships(relation: CatalogRelation, ctx: RenderContext): TsType {
  const found = [...(ctx.relationshipsByTable.get(`${relation.schema}.${relation.name}`) ?? [])].sort((a, b) =>
    compare(a.foreignKeyName, b.foreignKeyName) || compare(a.referencedRelation, b.referencedRelation));
  return tuple(found.map((r) => object([
    { key: 'foreignKeyName', type: literal(r.foreignKeyName) },
    { key: 'columns', type: tuple(r.columns.map(literal)) },
    ...(ctx.options.detectOneToOneRelationships ? [{ key: 'isOneToOne', type: text(String(r.isOneToOne)) }] : []),
    { key: 'referencedRelation', type: literal(r.referencedRelation) },
    { key: 'referencedColumns', type: tuple(r.referencedColumns.map(literal)) },
  ])));
}

/** Overloads share one entry: their argument objects form a union; the first one's return type wins. */
function functionEntries(functions: CatalogFunction[], ctx: RenderContext): TsMember[] {
  const groups = groupBy(functions, (fn) => fn.name);
  return [...groups].map(([name, overloads]) => ({
    key: name,
    type: object([
      { key: 'Args', type: union(overloads.map((fn) => functionArgs(fn, ctx))) },
      { key: 'Returns', type: functionReturns(overloads[0], ctx) },
    ]),
  }));
}

function functionArgs(fn: CatalogFunction, ctx: RenderContext): TsType {
  const inputs = fn.args.filter((arg) => arg.mode === 'in');
  if (inputs.length === 0) return text('Record<PropertyKey, never>');
  return object(inputs.map((arg) => ({ key: arg.name, optional: arg.hasDefault, type: typeById(arg.typeId, ctx) })));
}

function functionReturns(fn: CatalogFunction, ctx: RenderContext): TsType {
  const tableColumns = fn.args.filter((arg) => arg.mode === 'table');
  const relation = fn.returnTypeRelationId === null ? undefined : ctx.relationsById.get(fn.returnTypeRelationId);
  const single = tableColumns.length > 0
    ? object(tableColumns.map((arg) => ({ key: arg.name, type: typeById(arg.typeId, ctx) })))
    : relation
      ? object((ctx.columnsByTable.get(relation.id) ?? []).map((column) => rowMember(column, ctx)))
      : typeById(fn.returnTypeId, ctx);
  return fn.isSetReturning ? arrayOf(single) : single;
}

function compositeEntry(type: CatalogType, ctx: RenderContext): TsMember {
  return { key: type.name, type: object(type.attributes.map((attribute) => ({ key: attribute.name, type: typeById(attribute.typeId, ctx) }))) };
}

function rowMember(column: CatalogColumn, ctx: RenderContext): TsMember {
  return { key: column.name, type: columnType(column, ctx) };
}

function columnType(column: CatalogColumn, ctx: RenderContext): TsType {
  const type = pgTypeToTs(column.format, ctx.lookup);
  return column.isNullable ? nullable(type) : type;
}

function typeById(id: number, ctx: RenderContext): TsType {
  const type = ctx.typesById.get(id);
  return type ? pgTypeToTs(type.name, ctx.lookup) : text('unknown');
}

/** A schema section, or postgres-meta's placeholder when it is empty. */
function section(members: TsMember[]): TsType {
  return members.length === 0 ? emptySection() : object(members);
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
