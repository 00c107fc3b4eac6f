/**
 * PostgREST v12's `order=` grammar, our own implementation of that contract: comma-separated terms
 * `column->json[.asc|.desc][.nullsfirst|.nullslast]`, or `relation(column)` for a column of a to-one
 * embed. Each term must end at a comma or the end, which is what makes `id.descc` an error.
 */
import type { OrderTerm } from '../query-ast.js';
import { alt, attempt, before, between, char, eof, lookAhead, map, optional, sepBy1, sequence, string, take, then, type Parser } from './combinators.js';
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
const modifiers: Parser<Pick<OrderTerm, 'direction' | 'nulls'>> = sequence(function* () {
  const dir = yield* take(optional(direction));
  const nullsOrder = yield* take(alt(before(optional(nulls), termEnd), map(termEnd, () => undefined)));
  return { ...(dir === undefined ? {} : { direction: dir }), ...(nullsOrder === undefined ? {} : { nulls: nullsOrder }) };
});

const relationTerm: Parser<OrderTerm> = sequence(function* () {
  const relation = yield* take(fieldName);
  const target = yield* take(between(char('('), char(')'), field));
  return { field: target, relation, ...(yield* take(modifiers)) };
});

const columnTerm: Parser<OrderTerm> = sequence(function* () {
  const target = yield* take(field);
  return { field: target, ...(yield* take(modifiers)) };
});

export const orderTerms: Parser<OrderTerm[]> = sepBy1(lexeme(alt(attempt(relationTerm), columnTerm)), char(','));
