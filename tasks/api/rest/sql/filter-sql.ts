/**
 * Filters and logic trees as SQL, operator by operator as PostgREST v12.0.1 writes them
 * (SqlFragment.hs): every operand a bind parameter of unknown type, `in` and quantified lists as
 * one array parameter (`= ANY($1)`), `*` in like patterns as `%`, the fts forms as
 * `@@ to_tsquery($lang, $value)`, `is` with its keyword. A filter naming an embed with `is.null` /
 * `not.is.null` tests whether the embed found rows.
 */
import type { Condition, Filter, Operator } from '../query-ast.js';
import type { PlanNode } from './read-plan.js';
import { fieldSql } from './field-sql.js';
import { arrayLiteral, ident, type Params } from './sql-text.js';

const SIMPLE: Partial<Record<Operator, string>> = {
  neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
};
const QUANTIFIABLE: Partial<Record<Operator, string>> = {
  eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
};
const FTS: Partial<Record<Operator, string>> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
};
const IS: Record<string, string> = { null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' };

/** Where the filters of a level are read: its columns, and its embeds for is.null tests. */
export interface FilterScope {
  qualifier: string;
  columns?: PlanNode['columns'];
  children: PlanNode[];
}

/** The embed a `name=is.null` filter tests, if the condition is one. */
export function nullEmbedTest(children: PlanNode[], condition: Condition): { child: PlanNode; isNull: boolean } | undefined {
  if (condition.operator !== 'is' || condition.field.json.length > 0) return undefined;
  if (condition.value !== 'null' && condition.value !== 'not_null') return undefined;
  const child = children.find((c) => (c.alias ?? c.name) === condition.field.name);
  if (child === undefined) return undefined;
  const isNull = (condition.value === 'null') !== condition.negated;
  return { child, isNull };
}

/** One filter (a condition or a whole logic tree) as a boolean SQL expression. */
export function filterSql(scope: FilterScope, filter: Filter, params: Params): string {
  if (filter.kind !== 'condition') {
    const joined = filter.children.map((child) => filterSql(scope, child, params)).join(filter.kind === 'and' ? ' AND ' : ' OR ');
    return `${filter.negated ? 'NOT' : ''} (${joined})`;
  }
  const embed = nullEmbedTest(scope.children, filter);
  if (embed !== undefined) return `${ident(embed.child.aggAlias)} IS ${embed.isNull ? 'NOT ' : ''}DISTINCT FROM NULL`;
  return conditionSql(fieldSql(scope.qualifier, filter.field, scope.columns, params), filter, params);
}

function conditionSql(field: string, condition: Condition, params: Params): string {
  const not = condition.negated ? 'NOT ' : '';
  const { operator, value } = condition;
  const text = (v: string | string[]): string => (Array.isArray(v) ? v.join(',') : v);
  const simple = SIMPLE[operator];
  if (simple !== undefined) return `${not}${field} ${simple} ${params.add(text(value))}`;
  const quantifiable = QUANTIFIABLE[operator];
  if (quantifiable !== undefined) {
    const pattern = (v: string): string => (operator === 'like' || operator === 'ilike' ? v.replaceAll('*', '%') : v);
    if (condition.quantifier !== undefined) {
      const items = Array.isArray(value) ? value : [value];
      return `${not}${field} ${quantifiable} ${condition.quantifier.toUpperCase()}(${params.add(arrayLiteral(items.map(pattern)))})`;
    }
    return `${not}${field} ${quantifiable} ${params.add(pattern(text(value)))}`;
  }
  if (operator === 'is') {
    const keyword = IS[text(value).toLowerCase()];
    // The grammar only lets these values through; anything else is refused here rather than spliced.
    if (keyword === undefined) throw new Error(`unexpected is value: ${text(value)}`);
    return `${not}${field} IS ${keyword}`;
  }
  if (operator === 'isdistinct') return `${not}${field} IS DISTINCT FROM ${params.add(text(value))}`;
  if (operator === 'in') {
    const items = Array.isArray(value) ? value : [value];
    // `in.()` matches nothing: an empty array, as PostgREST writes it.
    if (items.length === 0 || (items.length === 1 && items[0] === '')) return `${not}${field} = ANY('{}')`;
    return `${not}${field} = ANY (${params.add(arrayLiteral(items))})`;
  }
  const fts = FTS[operator];
  if (fts !== undefined) {
    const language = condition.language === undefined ? '' : `${params.add(condition.language)}, `;
    return `${not}${field} @@ ${fts}(${language}${params.add(text(value))})`;
  }
  throw new Error(`unexpected operator: ${operator}`);
}
