/** What the section renderers share for one generation, and the column and type helpers they all use. */
import type { CatalogColumn, CatalogRelation, CatalogRelationship, CatalogType } from './catalog.types.js';
import { nullable, text, type TsMember, type TsType } from './ts-type.js';
import { pgTypeToTs, type TypeLookup } from './type-mapping.js';

export interface RenderOptions {
  /** Whether relationships carry `isOneToOne` (off for PostgREST v9). */
  detectOneToOneRelationships: boolean;
}

export interface RenderContext {
  lookup: TypeLookup;
  columnsByTable: Map<number, CatalogColumn[]>;
  typesById: Map<number, CatalogType>;
  relationsById: Map<number, CatalogRelation>;
  relationshipsByRelation: Map<string, CatalogRelationship[]>;
  options: RenderOptions;
}

// One collator for every comparison: the same order as localeCompare (which postgres-meta
// uses), without its per-call setup, which dominates on thousands of columns.
const collator = new Intl.Collator();
export const compare = collator.compare;
export const byName = (a: { name: string }, b: { name: string }) => compare(a.name, b.name);

export function rowMember(column: CatalogColumn, ctx: RenderContext): TsMember {
  return { key: column.name, type: columnType(column, ctx) };
}

export function columnType(column: CatalogColumn, ctx: RenderContext): TsType {
  const type = pgTypeToTs(column.format, ctx.lookup);
  return column.isNullable ? nullable(type) : type;
}

/** The type of an argument: any type, arrays included. */
export function typeById(id: number, ctx: RenderContext): TsType {
  const type = ctx.typesById.get(id);
  return type ? pgTypeToTs(type.name, ctx.lookup) : text('unknown');
}

/**
 * The type of a return value, composite attribute or computed field. postgres-meta v0.77.2 looks
 * these up among the types whose name does not start with `_`, so arrays come out `unknown`
 * (later versions map them).
 */
export function scalarTypeById(id: number, ctx: RenderContext): TsType {
  const type = ctx.typesById.get(id);
  return type && !type.name.startsWith('_') ? pgTypeToTs(type.name, ctx.lookup) : text('unknown');
}

export function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
