/**
 * The read plan: a tree with one node per level of a request's `select` (the relation itself, then
 * each embed), carrying that level's columns, filters, order and range and, for an embed, the
 * relationship that joins it to its parent. Our implementation of what PostgREST v12.0.1's
 * readPlan does (Plan.hs): the same aliases (`directors_1`, `films_directors_1`), the same
 * placement of parameters by embed path, the same plan-time errors.
 */
import type { EmbedPath, Filter, OrderTerm, ReadQuery, SelectItem } from '../query-ast.js';
import { qualifiedKey, type Column, type QualifiedName, type Relationship, type SchemaCache } from '../schema-types.js';
import { findRelationship, isToOne } from './find-relationship.js';
import { aggregatesNotAllowed, notEmbedded, relatedOrderNotToOne, spreadNotToOne } from './plan-errors.js';
import { ident, qualified } from './sql-text.js';

export interface Range {
  offset: number;
  limit?: number;
}

export interface PlanNode {
  /** The relation this level reads (for an RPC's root, the returned table or the function). */
  relation: QualifiedName;
  /** How the SQL of this level names its rows: `"public"."films"`, `"directors_1"`. */
  qualifier: string;
  /** What follows FROM (with the junction of a many-to-many). */
  from: string;
  /** The table's columns, when the cache has the relation (json columns need no to_jsonb). */
  columns?: Map<string, Column>;
  name: string;
  alias?: string;
  hint?: string;
  join: 'left' | 'inner';
  spread: boolean;
  depth: number;
  /** The lateral subquery's alias in the parent: `films_directors_1`. */
  aggAlias: string;
  /** Column items only (embeds are children). */
  select: SelectItem[];
  children: PlanNode[];
  filters: Filter[];
  order: OrderTerm[];
  range: Range;
  relationship?: Relationship;
  /** SQL conditions joining this level to its parent. */
  joins: string[];
}

export interface PlanOptions {
  /** Filters, order and ranges of the root belong to the mutation, not to the read of its result. */
  mutation: boolean;
  /** Mutations and calls read their rows from the pgrst_source CTE, named after the relation. */
  fromSource: boolean;
  rootRange: Range;
  maxRows?: number;
}

/** The plan of `query` on `relation`, with every name resolved against the cache. */
export function readPlan(query: ReadQuery, relation: QualifiedName, cache: SchemaCache, options: PlanOptions): PlanNode {
  const root = initNode(relation, relation.name, query.select, 0, cache);
  if (options.fromSource) {
    root.from = `"pgrst_source" AS ${ident(relation.name)}`;
    root.qualifier = ident(relation.name);
  }
  for (const { path, filter } of query.filters) {
    if (options.mutation && path.length === 0) continue;
    findNode(root, path).filters.push(filter);
  }
  if (!options.mutation) {
    for (const { path, terms } of query.order) findNode(root, path).order = terms;
    for (const { path, limit, offset } of query.ranges) {
      const node = findNode(root, path);
      node.range = intersect(node.range, { offset: offset ?? 0, limit });
    }
    root.range = intersect(root.range, options.rootRange);
  }
  resolveChildren(root, relation.schema, cache);
  checkTree(root);
  if (!options.mutation && options.maxRows !== undefined) restrict(root, options.maxRows);
  return root;
}

function initNode(relation: QualifiedName, name: string, select: SelectItem[], depth: number, cache: SchemaCache): PlanNode {
  const table = cache.tables.get(qualifiedKey(relation));
  const node: PlanNode = {
    relation,
    qualifier: qualified(relation),
    from: qualified(relation),
    columns: table === undefined ? undefined : new Map(table.columns.map((column) => [column.name, column])),
    name,
    join: 'left',
    spread: false,
    depth,
    aggAlias: '',
    select: [],
    children: [],
    filters: [],
    order: [],
    range: { offset: 0 },
    joins: [],
  };
  for (const item of select) {
    if (item.kind !== 'embed') {
      if (item.kind === 'column' && item.aggregate !== undefined) throw aggregatesNotAllowed();
      node.select.push(item);
      continue;
    }
    // The embed's schema is the request's: PostgREST looks for relationships in it only.
    const child = initNode({ schema: relation.schema, name: item.relation }, item.relation, item.select, depth + 1, cache);
    child.alias = item.alias;
    child.hint = item.hint;
    child.join = item.join;
    child.spread = item.spread;
    node.children.push(child);
  }
  return node;
}

/** The node an embed path names (by alias or relation name); PGRST108 when the select has none. */
function findNode(root: PlanNode, path: EmbedPath): PlanNode {
  let node = root;
  for (const step of path) {
    const next = node.children.find((child) => child.name === step || child.alias === step);
    if (next === undefined) throw notEmbedded(step);
    node = next;
  }
  return node;
}

function resolveChildren(parent: PlanNode, schema: string, cache: SchemaCache): void {
  for (const child of parent.children) {
    const rel = findRelationship(cache, schema, parent.relation.name, child.name, child.hint);
    child.relationship = rel;
    child.relation = rel.to;
    const table = cache.tables.get(qualifiedKey(rel.to));
    child.columns = table === undefined ? undefined : new Map(table.columns.map((column) => [column.name, column]));
    child.aggAlias = `${rel.from.name}_${child.alias ?? child.name}_${child.depth}`;
    const alias = `${rel.to.name}_${child.depth}`;
    if (rel.kind === 'many-to-many') {
      // The target and its junction are joined in the subquery itself, unaliased, as PostgREST does.
      child.qualifier = qualified(rel.to);
      child.from = `${qualified(rel.to)}, ${qualified(rel.junction)}`;
      child.joins = [
        ...rel.toColumns.map(([junctionColumn, targetColumn]) => `${qualified(rel.to)}.${ident(targetColumn)} = ${qualified(rel.junction)}.${ident(junctionColumn)}`),
        ...rel.fromColumns.map(([parentColumn, junctionColumn]) => `${qualified(rel.junction)}.${ident(junctionColumn)} = ${parent.qualifier}.${ident(parentColumn)}`),
      ];
    } else if (rel.kind === 'computed') {
      // The function takes the parent's row; the cast picks the right overload of its name.
      const unaliased = parent.depth === 0 || parent.relationship?.kind === 'many-to-many';
      const row = unaliased ? ident(parent.relation.name) : parent.qualifier;
      child.qualifier = ident(alias);
      child.from = `${qualified(rel.function)}(${row}::${qualified(rel.from)}) AS ${ident(alias)}`;
    } else {
      child.qualifier = ident(alias);
      child.from = `${qualified(rel.to)} AS ${ident(alias)}`;
      child.joins = rel.columns.map(([parentColumn, childColumn]) => `${ident(alias)}.${ident(childColumn)} = ${parent.qualifier}.${ident(parentColumn)}`);
    }
    resolveChildren(child, schema, cache);
  }
}

/** Spreads must be to-one, and an order by an embed's column needs that embed, to-one. */
function checkTree(node: PlanNode): void {
  for (const term of node.order) {
    if (term.relation === undefined) continue;
    const child = node.children.find((c) => (c.alias ?? c.name) === term.relation);
    if (child === undefined) throw notEmbedded(term.relation);
    if (child.relationship === undefined || !isToOne(child.relationship)) throw relatedOrderNotToOne(node.relation.name, child.alias ?? child.name);
  }
  for (const child of node.children) {
    if (child.spread && child.relationship !== undefined && !isToOne(child.relationship)) {
      throw spreadNotToOne(child.relationship.from.name, child.name);
    }
    checkTree(child);
  }
}

/** The rows both ranges allow. */
export function intersect(a: Range, b: Range): Range {
  const offset = Math.max(a.offset, b.offset);
  const ends = [a, b].filter((r) => r.limit !== undefined).map((r) => r.offset + (r.limit as number));
  if (ends.length === 0) return { offset };
  return { offset, limit: Math.max(0, Math.min(...ends) - offset) };
}

/** `[api] max_rows` caps every level of a read, as PostgREST's restrictRange does. */
function restrict(node: PlanNode, maxRows: number): void {
  node.range = { offset: node.range.offset, limit: Math.min(node.range.limit ?? maxRows, maxRows) };
  for (const child of node.children) restrict(child, maxRows);
}
