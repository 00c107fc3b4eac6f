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
  notFollowedBy, oneOf, optional, sepBy1, seq, string, then, type Parser,
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

const arrayIndex: Parser<string> = seq([optional(char('-')), many1(digit), afterIndex], (sign, digits) => `${sign ?? ''}${digits.join('')}`);

const jsonOperand: Parser<Omit<JsonStep, 'arrow'>> = alt<Omit<JsonStep, 'arrow'>>(
  map(attempt(arrayIndex), (key) => ({ key, index: true })),
  map(attempt(jsonKeyName), (key) => ({ key, index: false })),
);

const jsonStep: Parser<JsonStep> = seq(
  [alt(attempt(string('->>')), attempt(string('->'))), jsonOperand],
  (arrow, operand) => ({ arrow: arrow as JsonStep['arrow'], ...operand }),
);

export const jsonPath: Parser<JsonStep[]> = many(jsonStep);

/** A column with its JSON path, blanks around it allowed. */
export const field: Parser<Field> = lexeme(seq([fieldName, jsonPath], (name, json) => ({ name, json })));

/** A parameter key: `films.actors.name->x` is the field `name->x` of the embed path films.actors. */
export const treePath: Parser<{ path: EmbedPath; field: Field }> = seq([sepBy1(fieldName, delimiter), jsonPath], (names, json) => ({
  path: names.slice(0, -1),
  field: { name: names[names.length - 1], json },
}));

/** `a, b,"c d"`. */
export const columnList: Parser<string[]> = sepBy1(fieldName, lexeme(char(',')));

/** The `:` of `alias:name`, which must not be the first of a cast's `::`. */
export const aliasSeparator: Parser<undefined> = then(char(':'), notFollowedBy(char(':')));
