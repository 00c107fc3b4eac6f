/**
 * A PostgREST v12 query string, parsed: our own implementation of the contract of v12.0.1's
 * QueryParams. Parameters are sorted as v12 sorts them: keys ending in `order`, `limit`, `offset`,
 * `and` or `or` (after their embed path) are those, `select`, `columns` and `on_conflict` are
 * reserved, every other key is a filter, or on GET/HEAD /rpc/ a function argument when its value
 * does not parse as an operator expression. Errors are v12's PGRST100 with Parsec's position and
 * details, found in v12's order (order, logic trees, columns, select, filters, on_conflict).
 */
import { restError } from '../../common/api-error.js';
import type { EmbedPath, Field, Filter, ParsedQuery, ReadQuery } from '../query-ast.js';
import { alt, pure, runParser, type Parser } from './combinators.js';
import { fastOpExpr, fastOrder, fastSelect, fastTreePath } from './fast-path.js';
import { opExpr, restOfValue, type OpExpr } from './filter.js';
import { logicPath, logicTree } from './logic-tree.js';
import { columnList, treePath } from './names.js';
import { orderTerms } from './order.js';
import { describeError } from './parse-error.js';
import { selectForest } from './select.js';

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

const FILTER: Parser<OpExpr | undefined> = opExpr(restOfValue);
/** On GET /rpc/, a value that does not start an operator expression is an argument's. */
const FILTER_OR_ARGUMENT: Parser<OpExpr | undefined> = alt<OpExpr | undefined>(FILTER, pure(undefined));

/** Parses `text` whole or throws PostgREST's PGRST100, whose message names what failed and where. */
function parseOrThrow<T>(parser: Parser<T>, text: string, what: string): T {
  const result = runParser(parser, text);
  if (result.ok) return result.value;
  throw restError(400, 'PGRST100', `"${what}" (line ${result.line}, column ${result.column})`, describeError(result.error));
}

function lastWord(key: string): string {
  return key.slice(key.lastIndexOf('.') + 1);
}

function treePathOf(key: string): { path: EmbedPath; field: Field } {
  return fastTreePath(key) ?? parseOrThrow(treePath, key, `failed to parse tree path (${key})`);
}

function pathOf(key: string): EmbedPath {
  return treePathOf(key).path;
}

/**
 * A limit or offset as Haskell's `read` takes an Integer (blanks around it, a minus, hexadecimal
 * `0x` and octal `0o` literals); anything else is undefined, which v12.0.1 ignores.
 */
export function readInteger(text: string): number | undefined {
  const match = /^\s*(-?)\s*(0[xX][0-9a-fA-F]+|0[oO][0-7]+|[0-9]+)\s*$/.exec(text);
  if (match === null) return undefined;
  const digits = match[2].replace(/^0[oO]/, '0o').replace(/^0[X]/, '0x');
  const value = Number(BigInt(digits));
  return match[1] === '-' ? -value : value;
}

/** Limits and offsets by embed key (`films.offset` joins `films.limit`); a repeated key keeps its last value. */
function rangesOf(entries: Array<[string, string]>): ReadQuery['ranges'] {
  const byKey = new Map<string, { limit?: number; offset?: number }>();
  for (const [key, value] of entries) {
    const word = lastWord(key);
    if (word !== 'limit' && word !== 'offset') continue;
    const limitKey = `${key.slice(0, key.length - word.length)}limit`;
    const range = byKey.get(limitKey) ?? {};
    byKey.set(limitKey, range);
    const number = readInteger(value);
    if (number === undefined) delete range[word];
    else range[word] = number;
  }
  return [...byKey].map(([key, range]) => ({ path: pathOf(key), ...range }));
}

/** Parses a request's query string the way PostgREST v12.0.1 does; `rpc` is a GET or HEAD on /rpc/. */
export function parseQuery(params: URLSearchParams, options: { rpc: boolean }): ParsedQuery {
  const entries = [...params];
  const first = (name: string) => entries.find(([key]) => key === name)?.[1];
  const ordered: Array<{ index: number; path: EmbedPath; filter: Filter }> = [];

  const order = entries
    .filter(([key]) => lastWord(key) === 'order')
    .map(([key, value]) => ({ path: pathOf(key), terms: fastOrder(value) ?? parseOrThrow(orderTerms, value, `failed to parse order (${value})`) }));

  entries.forEach(([key, value], index) => {
    if (lastWord(key) !== 'and' && lastWord(key) !== 'or') return;
    const { path, operator } = parseOrThrow(logicPath, key, `failed to parse logic path (${key})`);
    // v12 parses `or(...)` rather than the value alone, so columns count from the operator.
    ordered.push({ index, path, filter: parseOrThrow(logicTree, operator + value, `failed to parse logic tree (${value})`) });
  });

  const columnsText = first('columns');
  const columns = columnsText === undefined ? undefined : parseOrThrow(columnList, columnsText, `failed to parse columns parameter (${columnsText})`);

  const selectText = first('select');
  const select =
    selectText === undefined
      ? [{ kind: 'star' as const }]
      : (fastSelect(selectText) ?? parseOrThrow(selectForest, selectText, `failed to parse select parameter (${selectText})`));

  const operation = options.rpc ? FILTER_OR_ARGUMENT : FILTER;
  const rpcArgs: Array<[string, string]> = [];
  entries.forEach(([key, value], index) => {
    if (RESERVED.has(key) || RESERVED_EMBEDDABLE.has(lastWord(key))) return;
    const target = treePathOf(key);
    const expr = fastOpExpr(value) ?? parseOrThrow(operation, value, `failed to parse filter (${value})`);
    // An argument is named by the key's last name, as v12 names it (its path and JSON steps are dropped).
    if (expr === undefined) rpcArgs.push([target.field.name, value]);
    else ordered.push({ index, path: target.path, filter: { kind: 'condition', field: target.field, ...expr } });
  });

  const onConflictText = first('on_conflict');
  const onConflict = onConflictText === undefined ? undefined : parseOrThrow(columnList, onConflictText, `failed to parse on_conflict parameter (${onConflictText})`);

  const filters = ordered.sort((a, b) => a.index - b.index).map(({ path, filter }) => ({ path, filter }));
  return {
    read: { select, filters, order, ranges: rangesOf(entries) },
    ...(onConflict === undefined ? {} : { onConflict }),
    ...(columns === undefined ? {} : { columns }),
    rpcArgs,
  };
}
