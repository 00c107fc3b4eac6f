/**
 * PostgREST v12's `order=` grammar, our own implementation of that contract: comma-separated terms
 * `column->json[.asc|.desc][.nullsfirst|.nullslast]`, or `relation(column)` for a column of a to-one
 * embed. Each term must end at a comma or the end, which is what makes `id.descc` an error.
 */
import type { OrderTerm } from '../query-ast.js';
import { alt, attempt, before, between, char, eof, lookAhead, map, optional, sepBy1, seq, string, then, type Parser } from './combinators.js';
import { delimiter, field, fieldName, lexeme } from './names.js';

const termEnd: Parser<unknown> = alt<unknown>(attempt(lookAhead(char(','))), attempt(eof));

const direction: Parser<'asc' | 'desc'> = alt(
  map(attempt(then(delimiter, string('asc'))), () => 'asc' as const),
  map(attempt(then(delimiter, string('desc'))), () => 'desc' as const),
);

const nulls: Parser<'first' | 'last'> = alt(
  map(attempt(then(delimiter, string('nullsfirst'))), () => 'first' as const),
  map(attempt(then(delimiter, string('nullslast'))), () => 'last' as const),
);

/** The modifiers after a term's field, then its end. */
const modifiers: Parser<Pick<OrderTerm, 'direction' | 'nulls'>> = seq(
  [optional(direction), alt(before(optional(nulls), termEnd), map(termEnd, () => undefined))],
  (dir, nullsOrder) => ({ ...(dir === undefined ? {} : { direction: dir }), ...(nullsOrder === undefined ? {} : { nulls: nullsOrder }) }),
);

const relationTerm: Parser<OrderTerm> = seq([fieldName, between(char('('), char(')'), field), modifiers], (relation, target, mods) => ({
  field: target,
  relation,
  ...mods,
}));

const columnTerm: Parser<OrderTerm> = seq([field, modifiers], (target, mods) => ({ field: target, ...mods }));

export const orderTerms: Parser<OrderTerm[]> = sepBy1(lexeme(alt(attempt(relationTerm), columnTerm)), char(','));
