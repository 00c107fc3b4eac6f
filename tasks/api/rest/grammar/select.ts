/**
 * PostgREST v12's `select=` grammar, our own implementation of that contract: a comma-separated
 * forest of `*`, `alias:column->json::cast` (with v12's `.sum()`-style aggregates and `count()`),
 * embeds `alias:relation!hint!inner(...)` and spreads `...relation!hint(...)`. Like PostgREST, the
 * forest does not have to reach the end of the text: what follows a closing parenthesis at the top
 * is ignored, as v12 ignores it.
 */
import type { AggregateFunction, EmbedItem, SelectItem } from '../query-ast.js';
import {
  alt, attempt, before, between, char, eof, lookAhead, map, optional, refine, sepBy, seq, string, then, type Parser,
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

type EmbedParam = { join: EmbedItem['join'] } | { hint: string };

const embedParam: Parser<EmbedParam> = then(
  char('!'),
  alt<EmbedParam>(
    map(attempt(string('left')), () => ({ join: 'left' as const })),
    map(attempt(string('inner')), () => ({ join: 'inner' as const })),
    map(attempt(fieldName), (hint) => ({ hint })),
  ),
);

/** `!inner`, `!left` or `!hint`, at most two of them, in either order (the first of each kind counts). */
const embedParams: Parser<Pick<EmbedItem, 'hint' | 'join'>> = seq([optional(embedParam), optional(embedParam)], (first, second) => {
  const params = [first, second];
  const hint = params.map((p) => (p !== undefined && 'hint' in p ? p.hint : undefined)).find((h) => h !== undefined);
  const join = params.map((p) => (p !== undefined && 'join' in p ? p.join : undefined)).find((j) => j !== undefined) ?? 'left';
  return hint === undefined ? { join } : { hint, join };
});

/** `count(` is the aggregate, never a relation named count. */
const relationName = refine(fieldName, (name) => name !== 'count');

const relation: Parser<Omit<EmbedItem, 'select'>> = lexeme(
  seq([alias, relationName, embedParams, attempt(lookAhead(string('(')))], (name, relationText, params) => ({
    kind: 'embed' as const,
    relation: relationText,
    ...(name === undefined ? {} : { alias: name }),
    ...params,
    spread: false,
  })),
);

const spread: Parser<Omit<EmbedItem, 'select'>> = lexeme(
  seq([then(string('...'), fieldName), embedParams, attempt(lookAhead(string('(')))], (relationText, params) => ({
    kind: 'embed' as const,
    relation: relationText,
    ...params,
    spread: true,
  })),
);

const star: Parser<SelectItem> = attempt(before(map(string('*'), () => ({ kind: 'star' as const })), itemEnd));

const count: Parser<SelectItem> = attempt(
  seq([alias, string('count()'), cast, itemEnd], (name, _, aggregateCast) => ({
    kind: 'column' as const,
    field: { name: '*', json: [] },
    ...(name === undefined ? {} : { alias: name }),
    aggregate: aggregateCast === undefined ? { fn: 'count' as const } : { fn: 'count' as const, cast: aggregateCast },
  })),
);

const column: Parser<SelectItem> = seq(
  [alias, field, cast, optional(attempt(before(then(char('.'), aggregateFunction), string('()')))), cast, itemEnd],
  (name, columnField, columnCast, fn, aggregateCast) => ({
    kind: 'column' as const,
    field: columnField,
    ...(name === undefined ? {} : { alias: name }),
    ...(columnCast === undefined ? {} : { cast: columnCast }),
    ...(fn === undefined ? {} : { aggregate: aggregateCast === undefined ? { fn } : { fn, cast: aggregateCast } }),
  }),
);

const columnItem: Parser<SelectItem> = lexeme(alt(star, count, column));

/** Deferred, since an embed's select is a forest itself. */
const nestedForest: Parser<SelectItem[]> = (input, at) => selectForest(input, at);

function embedded(head: Parser<Omit<EmbedItem, 'select'>>): Parser<SelectItem> {
  return seq([attempt(head), between(char('('), char(')'), nestedForest)], (embed, select) => ({ ...embed, select }));
}

const selectItem: Parser<SelectItem> = alt(embedded(spread), embedded(relation), columnItem);

/** The whole `select=` value; an empty one selects nothing. */
export const selectForest: Parser<SelectItem[]> = sepBy(selectItem, lexeme(char(',')));
