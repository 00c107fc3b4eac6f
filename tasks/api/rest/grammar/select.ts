/**
 * PostgREST v12's `select=` grammar, our own implementation of that contract: a comma-separated
 * forest of `*`, `alias:column->json::cast` (with v12's `.sum()`-style aggregates and `count()`),
 * embeds `alias:relation!hint!inner(...)` and spreads `...relation!hint(...)`. Like PostgREST, the
 * forest does not have to reach the end of the text: what follows a closing parenthesis at the top
 * is ignored, as v12 ignores it.
 */
import type { AggregateFunction, EmbedItem, SelectItem } from '../query-ast.js';
import {
  alt, attempt, before, between, char, eof, lookAhead, map, optional, sepBy, sequence, string, take, then, zero, type Parser,
} from './combinators.js';
import { aliasSeparator, field, fieldName, identifier, lexeme } from './names.js';

/** An item ends before `)` or `,`, or at the end. */
const itemEnd: Parser<unknown> = alt<unknown>(attempt(lookAhead(string(')'))), attempt(lookAhead(string(','))), attempt(eof));

const alias: Parser<string | undefined> = optional(attempt(before(fieldName, aliasSeparator)));

const cast: Parser<string | undefined> = optional(then(string('::'), identifier));

const aggregateFunction: Parser<AggregateFunction> = alt<AggregateFunction>(
  map(string('sum'), () => 'sum'),
  map(string('avg'), () => 'avg'),
  map(string('count'), () => 'count'),
  map(attempt(string('max')), () => 'max'),
  map(attempt(string('min')), () => 'min'),
);

/** `!inner`, `!left` or `!hint`, at most two of them, in either order. */
const embedParams: Parser<Pick<EmbedItem, 'hint' | 'join'>> = sequence(function* () {
  const param = then(
    char('!'),
    alt<{ join: EmbedItem['join'] } | { hint: string }>(
      map(attempt(string('left')), () => ({ join: 'left' as const })),
      map(attempt(string('inner')), () => ({ join: 'inner' as const })),
      map(attempt(fieldName), (hint) => ({ hint })),
    ),
  );
  const first = yield* take(optional(param));
  const second = yield* take(optional(param));
  const params = [first, second];
  const hint = params.map((p) => (p !== undefined && 'hint' in p ? p.hint : undefined)).find((h) => h !== undefined);
  const join = params.map((p) => (p !== undefined && 'join' in p ? p.join : undefined)).find((j) => j !== undefined) ?? 'left';
  return hint === undefined ? { join } : { hint, join };
});

const relation: Parser<Omit<EmbedItem, 'select'>> = lexeme(
  sequence(function* () {
    const name = yield* take(alias);
    const relationName = yield* take(fieldName);
    // `count(` is the aggregate, never a relation named count.
    if (relationName === 'count') yield* take(zero);
    const params = yield* take(embedParams);
    yield* take(attempt(lookAhead(string('('))));
    return { kind: 'embed' as const, relation: relationName, ...(name === undefined ? {} : { alias: name }), ...params, spread: false };
  }),
);

const spread: Parser<Omit<EmbedItem, 'select'>> = lexeme(
  sequence(function* () {
    const relationName = yield* take(then(string('...'), fieldName));
    const params = yield* take(embedParams);
    yield* take(attempt(lookAhead(string('('))));
    return { kind: 'embed' as const, relation: relationName, ...params, spread: true };
  }),
);

const star: Parser<SelectItem> = attempt(before(map(string('*'), () => ({ kind: 'star' as const })), itemEnd));

const count: Parser<SelectItem> = attempt(
  sequence(function* () {
    const name = yield* take(alias);
    yield* take(string('count()'));
    const aggregateCast = yield* take(cast);
    yield* take(itemEnd);
    return {
      kind: 'column' as const,
      field: { name: '*', json: [] },
      ...(name === undefined ? {} : { alias: name }),
      aggregate: aggregateCast === undefined ? { fn: 'count' as const } : { fn: 'count' as const, cast: aggregateCast },
    };
  }),
);

const column: Parser<SelectItem> = sequence(function* () {
  const name = yield* take(alias);
  const columnField = yield* take(field);
  const columnCast = yield* take(cast);
  const fn = yield* take(optional(attempt(before(then(char('.'), aggregateFunction), string('()')))));
  const aggregateCast = yield* take(cast);
  yield* take(itemEnd);
  return {
    kind: 'column' as const,
    field: columnField,
    ...(name === undefined ? {} : { alias: name }),
    ...(columnCast === undefined ? {} : { cast: columnCast }),
    ...(fn === undefined ? {} : { aggregate: aggregateCast === undefined ? { fn } : { fn, cast: aggregateCast } }),
  };
});

const columnItem: Parser<SelectItem> = lexeme(alt(star, count, column));

/** Deferred, since an embed's select is a forest itself. */
const nestedForest: Parser<SelectItem[]> = (input, at) => selectForest(input, at);

function embedded(head: Parser<Omit<EmbedItem, 'select'>>): Parser<SelectItem> {
  return sequence(function* () {
    const embed = yield* take(attempt(head));
    const select = yield* take(between(char('('), char(')'), nestedForest));
    return { ...embed, select };
  });
}

const selectItem: Parser<SelectItem> = alt(embedded(spread), embedded(relation), columnItem);

/** The whole `select=` value; an empty one selects nothing. */
export const selectForest: Parser<SelectItem[]> = sepBy(selectItem, lexeme(char(',')));
