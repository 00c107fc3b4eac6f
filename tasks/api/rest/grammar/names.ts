/**
 * The names of PostgREST v12's query grammar, our own implementation of that contract: field
 * names (bare identifiers of letters, digits, `_`, `$` and spaces, joined by dashes that are not
 * arrows, or "quoted" with backslash escapes), JSON paths (`->key`, `->>0`), the embed paths of
 * parameter keys (`films.actors.name`) and column lists (`columns=`, `on_conflict=`). The labels
 * are PostgREST's, since they are what its error details say it expected.
 */
import type { EmbedPath, Field, JsonStep } from '../query-ast.js';
import {
  alt, anyChar, attempt, before, between, char, digit, eof, label, letter, lookAhead, many, many1, map, noneOf,
  notFollowedBy, oneOf, optional, sepBy1, sequence, string, take, then, type Parser,
} from './combinators.js';

/** Blanks around a lexeme: spaces and tabs only. */
export const ws: Parser<string> = map(many(oneOf(' \t')), (cs) => cs.join(''));

export function lexeme<T>(parser: Parser<T>): Parser<T> {
  return before(then(ws, parser), ws);
}

export const delimiter: Parser<string> = label(char('.'), 'delimiter (.)');

/** `"a \"b\", c"`: anything but a quote, a backslash taking the next character as it is. */
export const quotedValue: Parser<string> = map(
  between(char('"'), char('"'), many(alt(noneOf('\\"'), then(char('\\'), anyChar)))),
  (cs) => cs.join(''),
);

const identifierChar = alt(letter, digit, oneOf('_ $'));

/** Letters, digits, `_`, `$` and spaces, trimmed (so `a b` is a name and ` a ` is `a`). */
export const identifier: Parser<string> = map(many1(identifierChar), (cs) => cs.join('').trim());

/** A dash that does not start an arrow (`->`), so `first-name->x` is `first-name` then a path. */
const dash: Parser<string> = map(attempt(before(char('-'), notFollowedBy(char('>')))), () => '-');

function dashed(part: Parser<string>): Parser<string> {
  return map(sepBy1(part, dash), (parts) => parts.join('-'));
}

export const fieldName: Parser<string> = label(alt(quotedValue, dashed(identifier)), 'field name (* or [a..z0..9_$])');

const jsonKeyName: Parser<string> = label(
  alt(quotedValue, dashed(map(many1(noneOf('(-:.,>)')), (cs) => cs.join('').trim()))),
  'any non reserved character different from: .,>()',
);

/** What may follow an array index: another arrow, a cast, a delimiter, a comma or the end. */
const afterIndex: Parser<unknown> = alt<unknown>(
  attempt(lookAhead(string('->'))),
  attempt(lookAhead(string('::'))),
  attempt(lookAhead(string('.'))),
  attempt(lookAhead(string(','))),
  attempt(eof),
);

const arrayIndex: Parser<string> = before(
  sequence(function* () {
    const sign = yield* take(optional(char('-')));
    const digits = yield* take(many1(digit));
    return `${sign ?? ''}${digits.join('')}`;
  }),
  afterIndex,
);

const jsonStep: Parser<JsonStep> = sequence(function* () {
  const arrow = (yield* take(alt(attempt(string('->>')), attempt(string('->'))))) as JsonStep['arrow'];
  return yield* take(
    alt(
      map(attempt(arrayIndex), (key): JsonStep => ({ arrow, key, index: true })),
      map(attempt(jsonKeyName), (key): JsonStep => ({ arrow, key, index: false })),
    ),
  );
});

export const jsonPath: Parser<JsonStep[]> = many(jsonStep);

/** A column with its JSON path, blanks around it allowed. */
export const field: Parser<Field> = lexeme(
  sequence(function* () {
    const name = yield* take(fieldName);
    const json = yield* take(jsonPath);
    return { name, json };
  }),
);

/** A parameter key: `films.actors.name->x` is the field `name->x` of the embed path films.actors. */
export const treePath: Parser<{ path: EmbedPath; field: Field }> = sequence(function* () {
  const names = yield* take(sepBy1(fieldName, delimiter));
  const json = yield* take(jsonPath);
  return { path: names.slice(0, -1), field: { name: names[names.length - 1], json } };
});

/** `a, b,"c d"`. */
export const columnList: Parser<string[]> = sepBy1(fieldName, lexeme(char(',')));

/** The `:` of `alias:name`, which must not be the first of a cast's `::`. */
export const aliasSeparator: Parser<undefined> = then(char(':'), notFollowedBy(char(':')));
