/**
 * Shortcuts for the query strings clients send most (`id=eq.1`, `select=id,name,films(*)`,
 * `order=id.desc.nullslast`): plain ASCII names and nothing the grammar treats specially. The
 * Parsec-faithful parsers try every alternative in turn (a name is read five times before it is
 * known to be a column), which costs a REST request tens of microseconds; these read the same
 * subset in one pass and answer undefined for anything else, which then takes the full parser.
 * They must agree with it wherever they answer (test/api/rest-grammar.test.ts checks that).
 */
import type { EmbedPath, Field, OrderTerm, SelectItem } from '../query-ast.js';
import type { OpExpr } from './filter.js';

const KEY = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/;
const SIMPLE_OPERATION = /^(not\.)?(eq|neq|gte|gt|lte|lt|like|ilike|match|imatch|isdistinct|cs|cd|ov|sl|sr|nxr|nxl|adj|fts|plfts|phfts|wfts)\.([\s\S]*)$/;
const IN_LIST = /^(not\.)?in\.\(([^"\s,()]*(?:,[^"\s,()]*)*)\)$/;
const IS_VALUE = /^(not\.)?is\.(null|true|false|unknown)$/i;
const ORDER_TERM = /^([A-Za-z0-9_]+)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/;

const plain = (name: string): Field => ({ name, json: [] });

/** A key of plain names: `films.actors.name`. */
export function fastTreePath(key: string): { path: EmbedPath; field: Field } | undefined {
  if (!KEY.test(key)) return undefined;
  const names = key.split('.');
  return { path: names.slice(0, -1), field: plain(names[names.length - 1]) };
}

/** `[not.]op.value` for an operator without a modifier, `in.(a,b)` without quotes or blanks, `is.null`. */
export function fastOpExpr(value: string): OpExpr | undefined {
  const simple = SIMPLE_OPERATION.exec(value);
  if (simple !== null) return { negated: simple[1] !== undefined, operator: simple[2] as OpExpr['operator'], value: simple[3] };
  const list = IN_LIST.exec(value);
  if (list !== null) return { negated: list[1] !== undefined, operator: 'in', value: list[2].split(',') };
  const is = IS_VALUE.exec(value);
  if (is !== null) return { negated: is[1] !== undefined, operator: 'is', value: is[2].toLowerCase() };
  return undefined;
}

/** `a,b.desc,c.asc.nullslast`. */
export function fastOrder(value: string): OrderTerm[] | undefined {
  const terms: OrderTerm[] = [];
  for (const text of value.split(',')) {
    const term = ORDER_TERM.exec(text);
    if (term === null) return undefined;
    const [, name, direction, nulls] = term;
    terms.push({
      field: plain(name),
      ...(direction === undefined ? {} : { direction: direction as OrderTerm['direction'] }),
      ...(nulls === undefined ? {} : { nulls: nulls === 'nullsfirst' ? 'first' : 'last' }),
    });
  }
  return terms;
}

/**
 * A select of `*`, names, `alias:name` and embeds `[alias:]name[!hint|!inner|!left](...)` or
 * `...name(...)`, all of plain names. A name the grammar reads otherwise is left to it: `count`
 * (the aggregate), a hint starting with `left` or `inner` (v12 takes those words first).
 */
export function fastSelect(value: string): SelectItem[] | undefined {
  if (!/^[A-Za-z0-9_,()!:.*]*$/.test(value)) return undefined;
  let at = 0;
  const name = (): string | undefined => {
    const match = /^[A-Za-z0-9_]+/.exec(value.slice(at));
    if (match === null) return undefined;
    at += match[0].length;
    return match[0];
  };
  const forest = (nested: boolean): SelectItem[] | undefined => {
    const items: SelectItem[] = [];
    if (value[at] === ')' && nested) return items;
    if (at === value.length && !nested) return items;
    for (;;) {
      const item = selectItem();
      if (item === undefined) return undefined;
      items.push(item);
      if (value[at] !== ',') break;
      at += 1;
    }
    return items;
  };
  const selectItem = (): SelectItem | undefined => {
    if (value[at] === '*') {
      at += 1;
      return { kind: 'star' };
    }
    const spread = value.startsWith('...', at);
    if (spread) at += 3;
    let first = name();
    if (first === undefined) return undefined;
    let alias: string | undefined;
    if (!spread && value[at] === ':') {
      at += 1;
      alias = first;
      first = name();
      if (first === undefined) return undefined;
    }
    if (first === 'count') return undefined;
    let hint: string | undefined;
    let join: 'left' | 'inner' | undefined;
    for (let i = 0; i < 2 && value[at] === '!'; i += 1) {
      at += 1;
      const param = name();
      if (param === undefined) return undefined;
      if (param === 'left' || param === 'inner') join ??= param;
      else if (param.startsWith('left') || param.startsWith('inner')) return undefined;
      else hint ??= param;
    }
    if (value[at] !== '(') {
      if (spread || hint !== undefined || join !== undefined) return undefined;
      return { kind: 'column', field: plain(first), ...(alias === undefined ? {} : { alias }) };
    }
    at += 1;
    const select = forest(true);
    if (select === undefined || value[at] !== ')') return undefined;
    at += 1;
    return { kind: 'embed', relation: first, ...(alias === undefined ? {} : { alias }), ...(hint === undefined ? {} : { hint }), join: join ?? 'left', spread, select };
  };
  const items = forest(false);
  return items !== undefined && at === value.length ? items : undefined;
}
