/**
 * A read plan as one SELECT, the way PostgREST v12.0.1's QueryBuilder writes it: each embed a
 * LATERAL subquery joined to its parent (to-one: the row as JSON; to-many: json_agg of its rows;
 * spread: its columns among the parent's), so a request of any depth is one statement and never
 * a query per row. Also the count query of the root level for `Prefer: count`.
 */
import type { SelectItem } from '../query-ast.js';
import { isToOne } from './find-relationship.js';
import { castSql, columnSql, fieldSql, outputName } from './field-sql.js';
import { filterSql, nullEmbedTest } from './filter-sql.js';
import type { PlanNode, Range } from './read-plan.js';
import { ident, type Params } from './sql-text.js';

/** The SELECT of a plan node (the root's, or an embed's inside its lateral join). */
export function readSql(node: PlanNode, params: Params): string {
  const columns = (node.select.length === 0 && node.children.length === 0 ? [{ kind: 'star' } as SelectItem] : node.select)
    .map((item) => selectItemSql(node, item, params));
  const embeds = node.children.flatMap((child) => embedSelectSql(child));
  const joins = node.children.map((child) => joinSql(child, params));
  const where = [...node.filters.map((filter) => filterSql(node, filter, params)), ...node.joins];
  return [
    `SELECT ${[...columns, ...embeds].join(', ')}`,
    `FROM ${node.from}`,
    ...joins,
    where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`,
    orderSql(node, params),
    rangeSql(node.range, params),
  ].filter((part) => part !== '').join(' ');
}

function selectItemSql(node: PlanNode, item: SelectItem, params: Params): string {
  if (item.kind === 'star') return columnSql(node.qualifier, '*');
  if (item.kind === 'embed') throw new Error('embeds are plan nodes, not select items');
  const expression = castSql(fieldSql(node.qualifier, item.field, node.columns, params), item.cast);
  const name = item.alias ?? outputName(item.field);
  return name === undefined ? expression : `${expression} AS ${ident(name)}`;
}

/** What an embed adds to its parent's select list. */
function embedSelectSql(child: PlanNode): string[] {
  const agg = ident(child.aggAlias);
  if (child.spread) return spreadNames(child).map((name) => (name === '*' ? `${agg}.*` : `${agg}.${ident(name)}`));
  // An embed with nothing selected (`roles()`) only filters its parent (with !inner).
  if (child.select.length === 0 && child.children.length === 0) return [];
  const name = ident(child.alias ?? child.name);
  if (child.relationship !== undefined && isToOne(child.relationship)) return [`row_to_json(${agg}.*)::jsonb AS ${name}`];
  return [`COALESCE( ${agg}.${agg}, '[]') AS ${name}`];
}

/** The output names a spread embed's subquery has, which the parent selects one by one. */
function spreadNames(node: PlanNode): string[] {
  const own = node.select.map((item) => {
    if (item.kind === 'star') return '*';
    if (item.kind === 'embed') return item.alias ?? item.relation;
    return item.alias ?? outputName(item.field) ?? item.field.name;
  });
  const nested = node.children.flatMap((child) => (child.spread ? spreadNames(child) : [child.alias ?? child.name]));
  return [...own, ...nested];
}

function joinSql(child: PlanNode, params: Params): string {
  const agg = ident(child.aggAlias);
  const kind = child.join === 'inner' ? 'INNER' : 'LEFT';
  const sub = readSql(child, params);
  const toOne = child.spread || (child.relationship !== undefined && isToOne(child.relationship));
  if (toOne) return `${kind} JOIN LATERAL ( ${sub} ) AS ${agg} ON TRUE`;
  const aggregated = `SELECT json_agg(${agg})::jsonb AS ${agg} FROM (${sub} ) AS ${agg}`;
  return `${kind} JOIN LATERAL ( ${aggregated} ) AS ${agg} ON ${child.join === 'inner' ? `${agg} IS NOT NULL` : 'TRUE'}`;
}

function orderSql(node: PlanNode, params: Params): string {
  if (node.order.length === 0) return '';
  const terms = node.order.map((term) => {
    const child = term.relation === undefined ? undefined : node.children.find((c) => (c.alias ?? c.name) === term.relation);
    // A to-one embed's column is read from its lateral row, as a name with no known type.
    const expression = child === undefined
      ? fieldSql(node.qualifier, term.field, node.columns, params)
      : fieldSql(ident(child.aggAlias), term.field, undefined, params, true);
    const direction = term.direction === undefined ? '' : ` ${term.direction.toUpperCase()}`;
    const nulls = term.nulls === undefined ? '' : ` NULLS ${term.nulls.toUpperCase()}`;
    return `${expression}${direction}${nulls}`;
  });
  return `ORDER BY ${terms.join(', ')}`;
}

/** `LIMIT $n OFFSET $m`, nothing for every row. */
export function rangeSql(range: Range, params: Params): string {
  if (range.offset === 0 && range.limit === undefined) return '';
  const limit = range.limit === undefined ? 'ALL' : params.add(String(range.limit));
  return `LIMIT ${limit} OFFSET ${params.add(String(range.offset))}`;
}

/**
 * The root level's rows without limit or offset, for the total of `Prefer: count`: `SELECT 1`
 * rather than the columns, so nothing costly is computed; an `!inner` embed or an is.null test on
 * an embed becomes an EXISTS, as PostgREST counts them.
 */
export function countSql(node: PlanNode, params: Params): string {
  const conditions = [
    ...node.filters.map((filter) => countFilterSql(node, filter, params)),
    ...node.joins,
    ...node.children.filter((child) => child.join === 'inner').map((child) => `EXISTS (${countSql(child, params)} )`),
  ];
  return `SELECT 1 FROM ${node.from}${conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`}`;
}

function countFilterSql(node: PlanNode, filter: PlanNode['filters'][number], params: Params): string {
  if (filter.kind === 'condition') {
    const embed = nullEmbedTest(node.children, filter);
    if (embed !== undefined) return `${embed.isNull ? 'NOT ' : ''}EXISTS (${countSql(embed.child, params)})`;
    return filterSql(node, filter, params);
  }
  const joined = filter.children.map((child) => countFilterSql(node, child, params)).join(filter.kind === 'and' ? ' AND ' : ' OR ');
  return `${filter.negated ? 'NOT' : ''} (${joined})`;
}
