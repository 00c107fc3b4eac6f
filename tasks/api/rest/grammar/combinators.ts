/**
 * A small parser combinator core with Haskell Parsec's semantics, our own implementation of that
 * contract. PostgREST writes its query grammar with Parsec and its error texts are Parsec's, so the
 * rules that decide those texts are kept exactly: an alternative is tried only when the previous
 * one failed without consuming input (`attempt` makes a consumed failure an empty one, keeping its
 * position), the expectations of empty failures at the same position are merged, a successful
 * parser carries the error of what it could not parse further, and `label` replaces expectations.
 */
import { MsgKind, errorWith, mergeErrors, setMessage, showString, unknownError, type ParseError } from './parse-error.js';

/** The text being parsed, as code points (a Haskell Char). */
export interface Input {
  chars: string[];
}

export type Reply<T> =
  | { ok: true; consumed: boolean; value: T; at: number; error: ParseError }
  | { ok: false; consumed: boolean; error: ParseError };

export type Parser<T> = (input: Input, at: number) => Reply<T>;

/** Parsec's line and column of an index: a newline starts a line, a tab goes to the next multiple of 8, plus one. */
function positionOf(chars: string[], at: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (const c of chars.slice(0, at)) {
    if (c === '\n') [line, column] = [line + 1, 1];
    else column = c === '\t' ? column + 8 - ((column - 1) % 8) : column + 1;
  }
  return { line, column };
}

/** The error after a parser, followed by one that did not consume: joined unless the first says nothing. */
function follow(before: ParseError, after: ParseError): ParseError {
  return before.msgs.length === 0 ? after : mergeErrors(before, after);
}

export function pure<T>(value: T): Parser<T> {
  return (_input, at) => ({ ok: true, consumed: false, value, at, error: unknownError(at) });
}

type Values<Ps extends ReadonlyArray<Parser<unknown>>> = { [K in keyof Ps]: Ps[K] extends Parser<infer T> ? T : never };

/**
 * Parsec's do-block of fixed steps: the parsers run in turn, each bound to the previous one with
 * Parsec's rules for carried errors, and `build` makes the value of theirs.
 */
export function seq<const Ps extends ReadonlyArray<Parser<unknown>>, R>(parsers: Ps, build: (...values: Values<Ps>) => R): Parser<R> {
  return (input, start) => {
    const values: unknown[] = [];
    let consumed = false;
    let at = start;
    let error = unknownError(start);
    for (const parser of parsers) {
      const reply = parser(input, at);
      const joined = reply.consumed ? reply.error : follow(error, reply.error);
      consumed ||= reply.consumed;
      if (!reply.ok) return { ok: false, consumed, error: joined };
      error = joined;
      at = reply.at;
      values.push(reply.value);
    }
    return { ok: true, consumed, value: build(...(values as Values<Ps>)), at, error };
  };
}

/** `p >>= \x -> guard (test x) >> return x`: a value `test` refuses fails as mzero does. */
export function refine<T>(parser: Parser<T>, test: (value: T) => boolean): Parser<T> {
  return (input, at) => {
    const reply = parser(input, at);
    if (!reply.ok || test(reply.value)) return reply;
    return { ok: false, consumed: reply.consumed, error: follow(reply.error, unknownError(reply.at)) };
  };
}

export function map<T, U>(parser: Parser<T>, f: (value: T) => U): Parser<U> {
  return (input, at) => {
    const reply = parser(input, at);
    return reply.ok ? { ...reply, value: f(reply.value) } : reply;
  };
}

/** `p <* q`. */
export function before<T>(parser: Parser<T>, next: Parser<unknown>): Parser<T> {
  return seq([parser, next], (value) => value);
}

/** `p *> q`. */
export function then<T>(first: Parser<unknown>, parser: Parser<T>): Parser<T> {
  return seq([first, parser], (_, value) => value);
}

/** Parsec's `<|>`, folded: the next alternative runs only after an empty failure. */
export function alt<T>(...parsers: Array<Parser<T>>): Parser<T> {
  return (input, at) => {
    let failed: ParseError | undefined;
    for (const parser of parsers) {
      const reply = parser(input, at);
      if (reply.consumed) return reply;
      const error = failed === undefined ? reply.error : mergeErrors(failed, reply.error);
      if (reply.ok) return { ...reply, error };
      failed = error;
    }
    return { ok: false, consumed: false, error: failed ?? unknownError(at) };
  };
}

/** Parsec's `try`: a failure after consuming input becomes an empty one (at the same position). */
export function attempt<T>(parser: Parser<T>): Parser<T> {
  return (input, at) => {
    const reply = parser(input, at);
    return !reply.ok && reply.consumed ? { ok: false, consumed: false, error: reply.error } : reply;
  };
}

/** Parsec's `<?>`: an empty reply says it expected `text` instead of what its parts expected. */
export function label<T>(parser: Parser<T>, text: string): Parser<T> {
  return (input, at) => {
    const reply = parser(input, at);
    if (reply.consumed || (reply.ok && reply.error.msgs.length === 0)) return reply;
    return { ...reply, error: setMessage(reply.error, { kind: MsgKind.Expect, text }) };
  };
}

export function lookAhead<T>(parser: Parser<T>): Parser<T> {
  return (input, at) => {
    const reply = parser(input, at);
    return reply.ok ? { ok: true, consumed: false, value: reply.value, at, error: unknownError(at) } : reply;
  };
}

export function satisfy(test: (c: string) => boolean): Parser<string> {
  return (input, at) => {
    const c = input.chars[at];
    if (c === undefined) return { ok: false, consumed: false, error: errorWith(at, { kind: MsgKind.SysUnExpect, text: '' }) };
    if (!test(c)) return { ok: false, consumed: false, error: errorWith(at, { kind: MsgKind.SysUnExpect, text: c, shown: '"' }) };
    return { ok: true, consumed: true, value: c, at: at + 1, error: unknownError(at + 1) };
  };
}

export const anyChar = satisfy(() => true);
export const char = (c: string): Parser<string> => label(satisfy((x) => x === c), showString(c));
export const oneOf = (set: string): Parser<string> => satisfy((x) => set.includes(x));
export const noneOf = (set: string): Parser<string> => satisfy((x) => !set.includes(x));
export const letter = label(satisfy((x) => (x >= 'a' && x <= 'z') || (x >= 'A' && x <= 'Z') || (x > '\u007f' && /^\p{L}$/u.test(x))), 'letter');
export const digit = label(satisfy((x) => x >= '0' && x <= '9'), 'digit');

/** Parsec's `string`: a mismatch after the first character still consumed, and is reported at the start. */
export function string(text: string): Parser<string> {
  const expected = Array.from(text);
  const expectation = { kind: MsgKind.Expect, text: showString(text) };
  return (input, at) => {
    const fail = (consumed: boolean, found: string | undefined): Reply<string> => ({
      ok: false,
      consumed,
      error: errorWith(at, expectation, { kind: MsgKind.SysUnExpect, text: found ?? '', shown: '"' }),
    });
    for (let i = 0; i < expected.length; i += 1) {
      const c = input.chars[at + i];
      if (c !== expected[i]) return fail(i > 0, c);
    }
    const end = at + expected.length;
    return { ok: true, consumed: expected.length > 0, value: text, at: end, error: unknownError(end) };
  };
}

/** Parsec's `many`: stops at the first empty failure, whose error it carries; a consumed failure fails. */
export function many<T>(parser: Parser<T>): Parser<T[]> {
  return (input, start) => {
    const values: T[] = [];
    let at = start;
    for (;;) {
      const reply = parser(input, at);
      if (!reply.ok) return reply.consumed ? reply : { ok: true, consumed: at > start, value: values, at, error: reply.error };
      // A parser that succeeds without consuming would loop forever; Parsec refuses it too.
      if (!reply.consumed) throw new Error('many: the parser accepts an empty string');
      values.push(reply.value);
      at = reply.at;
    }
  };
}

export function many1<T>(parser: Parser<T>): Parser<T[]> {
  return seq([parser, many(parser)], (first, rest) => [first, ...rest]);
}

export function sepBy1<T>(parser: Parser<T>, separator: Parser<unknown>): Parser<T[]> {
  return seq([parser, many(then(separator, parser))], (first, rest) => [first, ...rest]);
}

export function sepBy<T>(parser: Parser<T>, separator: Parser<unknown>): Parser<T[]> {
  return alt(sepBy1(parser, separator), pure<T[]>([]));
}

export function optional<T>(parser: Parser<T>): Parser<T | undefined> {
  return alt<T | undefined>(parser, pure(undefined));
}

export function between<T>(open: Parser<unknown>, close: Parser<unknown>, parser: Parser<T>): Parser<T> {
  return before(then(open, parser), close);
}

/** Parsec's notFollowedBy for a character parser: what it found is "unexpected", shown as a Char. */
export function notFollowedBy(parser: Parser<string>): Parser<undefined> {
  const found: Parser<undefined> = (input, at) => {
    const reply = attempt(parser)(input, at);
    if (!reply.ok) return reply;
    // `unexpected (show c)` runs after the character, so that is where Parsec reports it.
    const error = follow(reply.error, errorWith(reply.at, { kind: MsgKind.UnExpect, text: reply.value, shown: "'" }));
    return { ok: false, consumed: reply.consumed, error };
  };
  return attempt(alt<undefined>(found, pure(undefined)));
}

/**
 * Parsec's eof (`notFollowedBy anyToken`, whose anyToken leaves the position where it was): the
 * character left over is unexpected at its own position.
 */
export const eof: Parser<undefined> = label<undefined>((input, at) => {
  const c = input.chars[at];
  if (c === undefined) return { ok: true, consumed: false, value: undefined, at, error: errorWith(at, { kind: MsgKind.SysUnExpect, text: '' }) };
  return { ok: false, consumed: false, error: errorWith(at, { kind: MsgKind.UnExpect, text: c, shown: "'" }) };
}, 'end of input');

/** Runs a parser over the whole text (Parsec's `parse`, which does not require the end of input). */
export function runParser<T>(parser: Parser<T>, text: string): { ok: true; value: T } | { ok: false; line: number; column: number; error: ParseError } {
  const chars = Array.from(text);
  const reply = parser({ chars }, 0);
  if (reply.ok) return { ok: true, value: reply.value };
  return { ok: false, ...positionOf(chars, reply.error.at), error: reply.error };
}
