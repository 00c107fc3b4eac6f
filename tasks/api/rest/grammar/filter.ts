/**
 * A filter's value in PostgREST v12's grammar, our own implementation of that contract:
 * `[not.]operator[(quantifier|language)].operand`, tried in v12's order (`in`, `is`,
 * `isdistinct`, the fts family, the single-value operators, then the quantifiable ones), so its
 * error details name the same expectations (`"not" or operator (eq, gt, ...)`).
 */
import type { Condition, Operator } from '../query-ast.js';
import {
  alt, anyChar, attempt, before, between, char, many, map, noneOf, notFollowedBy, optional, pure, sepBy1, seq, string, then,
  label, type Parser,
} from './combinators.js';
import { delimiter, identifier, lexeme, quotedValue } from './names.js';

/** What follows the field: everything of a Condition but its field. */
export type OpExpr = Omit<Condition, 'kind' | 'field'>;

/** A parameter's operand: the rest of the text, as it is. */
export const restOfValue: Parser<string> = map(many(anyChar), (cs) => cs.join(''));

/** One `in.(...)` element: "quoted" (when a comma or parenthesis ends it) or bare. */
const listElement: Parser<string> = alt(
  attempt(before(quotedValue, notFollowedBy(noneOf(',)')))),
  map(many(noneOf(',)')), (cs) => cs.join('')),
);

const listValue: Parser<string[]> = before(then(lexeme(char('(')), sepBy1(listElement, char(','))), lexeme(char(')')));

function operatorWord<T extends Operator>(names: T[], name: string): Parser<T> {
  return label(alt(...names.map((op) => map(attempt(string(op)), () => op))), name);
}

// v12 tries gte before gt and lte before lt, so the longer word wins.
const simpleOperator = operatorWord(['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'], 'unknown single value operator');
const quantOperator = operatorWord(['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'], 'unknown single value operator');

/** `ciString`: each letter in lower or upper case. */
function caseless(word: string): Parser<string> {
  return seq(Array.from(word, (c) => alt(char(c), char(c.toUpperCase()))), () => word);
}

const trilean: Parser<string> = label(alt(...['null', 'unknown', 'true', 'false'].map((word) => attempt(caseless(word)))), 'null or trilean value (unknown, true, false)');

/** `{a,"b,c"}` as its elements, for `eq(any)` and the other quantified operators. */
export function arrayLiteralItems(text: string): string[] {
  const inner = /^\s*\{([\s\S]*)\}\s*$/.exec(text)?.[1];
  if (inner === undefined) return [text];
  if (inner.trim() === '') return [];
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < inner.length; i += 1) {
    const c = inner[i];
    if (c === '\\') current += inner[++i] ?? '';
    else if (c === '"') [quoted, wasQuoted] = [!quoted, true];
    else if (c === ',' && !quoted) {
      items.push(wasQuoted ? current : current.trim());
      [current, wasQuoted] = ['', false];
    } else current += c;
  }
  items.push(wasQuoted ? current : current.trim());
  return items;
}

const inList = map(then(attempt(then(string('in'), delimiter)), listValue), (value): OpExpr => ({ negated: false, operator: 'in', value }));
const isValue = map(then(attempt(then(string('is'), delimiter)), trilean), (value): OpExpr => ({ negated: false, operator: 'is', value }));
const ftsOperator = alt(...(['fts', 'plfts', 'phfts', 'wfts'] as const).map((op) => map(attempt(string(op)), () => op)));
const ftsLanguage = optional(attempt(between(char('('), char(')'), identifier)));
const quantifier = optional(attempt(between(char('('), char(')'), alt(map(attempt(string('any')), () => 'any' as const), map(string('all'), () => 'all' as const)))));
const negation = alt(map(attempt(then(string('not'), delimiter)), () => true), pure(false));

/** `[not.]op...` with the operand read by `operand` (the rest of a parameter, or one element of a logic tree). */
export function opExpr(operand: Parser<string>): Parser<OpExpr> {
  const isDistinct = map(then(attempt(then(string('isdistinct'), delimiter)), operand), (value): OpExpr => ({ negated: false, operator: 'isdistinct', value }));
  const fts = seq([ftsOperator, ftsLanguage, delimiter, operand], (operator, language, _, value): OpExpr =>
    language === undefined ? { negated: false, operator, value } : { negated: false, operator, language, value },
  );
  const simple = seq([simpleOperator, delimiter, operand], (operator, _, value): OpExpr => ({ negated: false, operator, value }));
  const quantified = seq([quantOperator, quantifier, delimiter, operand], (operator, quant, _, value): OpExpr =>
    quant === undefined ? { negated: false, operator, value } : { negated: false, operator, quantifier: quant, value: arrayLiteralItems(value) },
  );
  const operation = label(alt<OpExpr>(inList, isValue, isDistinct, attempt(fts), attempt(simple), attempt(quantified)), 'operator (eq, gt, ...)');
  return seq([negation, operation], (negated, expr) => ({ ...expr, negated }));
}
