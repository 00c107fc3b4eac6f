/**
 * A small parser combinator core with Haskell Parsec's semantics, our own implementation of that
 * contract. PostgREST writes its query grammar with Parsec and its error texts are Parsec's, so the
 * rules that decide those texts are kept exactly: an alternative is tried only when the previous
 * one failed without consuming input (`attempt` makes a consumed failure an empty one, keeping its
 * position), the expectations of empty failures at the same position are merged, a successful
 * parser carries the error of what it could not parse further, and `label` replaces expectations.
 */
import { MsgKind, errorWith, mergeErrors, setMessage, showChar, showString, unknownError, type ParseError } from './parse-error.js';

/** The text being parsed, as code points (a Haskell Char), with Parsec's line and column of every index. */
export interface Input {
  chars: string[];
  lines: number[];
  columns: number[];
}

export type Reply<T> =
  | { ok: true; consumed: boolean; value: T; at: number; error: ParseError }
  | { ok: false; consumed: boolean; error: ParseError };

export type Parser<T> = (input: Input, at: number) => Reply<T>;

export function toInput(text: string): Input {
  const chars = Array.from(text);
  const lines = [1];
  const columns = [1];
  chars.forEach((c, i) => {
    const line = lines[i];
    const column = columns[i];
    // Parsec's updatePosChar: a newline starts a line, a tab goes to the next multiple of 8, plus one.
    lines.push(c === '\n' ? line + 1 : line);
    columns.push(c === '\n' ? 1 : c === '\t' ? column + 8 - ((column - 1) % 8) : column + 1);
  });
  return { chars, lines, columns };
}

/** The error after a parser, followed by one that did not consume: joined unless the first says nothing. */
function follow(before: ParseError, after: ParseError): ParseError {
  return before.msgs.length === 0 ? after : mergeErrors(before, after);
}

export function pure<T>(value: T): Parser<T> {
  return (_input, at) => ({ ok: true, consumed: false, value, at, error: unknownError(at) });
}

/** Parsec's mzero (what `guard False` gives): fails without saying why. */
export const zero: Parser<never> = (_input, at) => ({ ok: false, consumed: false, error: unknownError(at) });

/** Runs a parser inside `sequence` and hands back its value, typed. */
export function* take<T>(parser: Parser<T>): Generator<Parser<unknown>, T, unknown> {
  return (yield parser) as T;
}

/**
 * Parsec's do-block: the generator yields parsers in turn (through `take`), each bound to the
 * previous one with Parsec's rules for carried errors.
 */
export function sequence<T>(body: () => Generator<Parser<unknown>, T, unknown>): Parser<T> {
  return (input, start) => {
    const steps = body();
    let consumed = false;
    let at = start;
    let error = unknownError(start);
    let step = steps.next();
    while (!step.done) {
      const reply = step.value(input, at);
      const joined = reply.consumed ? reply.error : follow(error, reply.error);
      consumed ||= reply.consumed;
      if (!reply.ok) return { ok: false, consumed, error: joined };
      error = joined;
      at = reply.at;
      step = steps.next(reply.value);
    }
    return { ok: true, consumed, value: step.value, at, error };
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
  return sequence(function* () {
    const value = yield* take(parser);
    yield* take(next);
    return value;
  });
}

/** `p *> q`. */
export function then<T>(first: Parser<unknown>, parser: Parser<T>): Parser<T> {
  return sequence(function* () {
    yield* take(first);
    return yield* take(parser);
  });
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
    if (!test(c)) return { ok: false, consumed: false, error: errorWith(at, { kind: MsgKind.SysUnExpect, text: showString(c) }) };
    return { ok: true, consumed: true, value: c, at: at + 1, error: unknownError(at + 1) };
  };
}

export const anyChar = satisfy(() => true);
export const char = (c: string): Parser<string> => label(satisfy((x) => x === c), showString(c));
export const oneOf = (set: string): Parser<string> => satisfy((x) => set.includes(x));
export const noneOf = (set: string): Parser<string> => satisfy((x) => !set.includes(x));
export const letter = label(satisfy((x) => /^\p{L}$/u.test(x)), 'letter');
export const digit = label(satisfy((x) => x >= '0' && x <= '9'), 'digit');

/** Parsec's `string`: a mismatch after the first character still consumed, and is reported at the start. */
export function string(text: string): Parser<string> {
  const expected = Array.from(text);
  return (input, at) => {
    const fail = (consumed: boolean, found: string | undefined): Reply<string> => ({
      ok: false,
      consumed,
      error: errorWith(at, { kind: MsgKind.Expect, text: showString(text) }, { kind: MsgKind.SysUnExpect, text: found === undefined ? '' : showString(found) }),
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
  return sequence(function* () {
    const first = yield* take(parser);
    const rest = yield* take(many(parser));
    return [first, ...rest];
  });
}

export function sepBy1<T>(parser: Parser<T>, separator: Parser<unknown>): Parser<T[]> {
  return sequence(function* () {
    const first = yield* take(parser);
    const rest = yield* take(many(then(separator, parser)));
    return [first, ...rest];
  });
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
  return attempt(
    alt<undefined>(
      sequence(function* () {
        const c = yield* take(attempt(parser));
        return yield* take(unexpected(showChar(c)));
      }),
      pure(undefined),
    ),
  );
}

function unexpected(text: string): Parser<never> {
  return (_input, at) => ({ ok: false, consumed: false, error: errorWith(at, { kind: MsgKind.UnExpect, text }) });
}

/**
 * Parsec's eof (`notFollowedBy anyToken`, whose anyToken leaves the position where it was): the
 * character left over is unexpected at its own position.
 */
export const eof: Parser<undefined> = label<undefined>((input, at) => {
  const c = input.chars[at];
  if (c === undefined) return { ok: true, consumed: false, value: undefined, at, error: errorWith(at, { kind: MsgKind.SysUnExpect, text: '' }) };
  return { ok: false, consumed: false, error: errorWith(at, { kind: MsgKind.UnExpect, text: showChar(c) }) };
}, 'end of input');

/** Runs a parser over the whole text (Parsec's `parse`, which does not require the end of input). */
export function runParser<T>(parser: Parser<T>, text: string): { ok: true; value: T } | { ok: false; line: number; column: number; error: ParseError } {
  const input = toInput(text);
  const reply = parser(input, 0);
  if (reply.ok) return { ok: true, value: reply.value };
  return { ok: false, line: input.lines[reply.error.at], column: input.columns[reply.error.at], error: reply.error };
}
