/**
 * A statement with `$n` placeholders written as one text with its values as quoted literals, so
 * that it can travel in a multi-statement simple query together with the BEGIN and the settings of
 * its request: one round trip to the server instead of three. A literal of no declared type is
 * resolved from where it stands exactly as an untyped bind parameter is (`"id" = '7'` compares as
 * integers), so the statement means the same. Placeholders are only looked for outside quoted
 * strings and quoted identifiers, which may themselves contain `$1`.
 */
import { setBounded } from '../../bounded-map.js';

/** A value as a SQL literal: NULL, or the text pg would have sent as the parameter, quoted. */
function literalOf(value: unknown, escape: (text: string) => string): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return escape(value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return escape(String(value));
  if (value instanceof Date) return escape(value.toISOString());
  return escape(JSON.stringify(value));
}

/** Where the scan stops: a quote opens a string or identifier, a `$` may be a placeholder. */
const SPECIAL = /['"$]/g;

/**
 * A text cut at its placeholders: `pieces[i]` comes before the value numbered `positions[i]`, and
 * the last piece ends the text (one more piece than positions).
 */
interface CutText {
  pieces: string[];
  positions: number[];
}

/** Where the placeholders of `text` are: outside quoted strings and identifiers, not inside a bare name. */
function cutAtPlaceholders(text: string): CutText {
  const pieces: string[] = [];
  const positions: number[] = [];
  // Cut up to here.
  let copied = 0;
  let index = 0;
  for (;;) {
    SPECIAL.lastIndex = index;
    const found = SPECIAL.exec(text);
    if (!found) break;
    index = found.index;
    const char = text[index];
    if (char === "'" || char === '"') {
      // A quoted string or identifier runs to its closing quote; a doubled quote is part of it.
      let end = index + 1;
      for (;;) {
        end = text.indexOf(char, end);
        if (end === -1) {
          end = text.length;
          break;
        }
        if (text[end + 1] === char) end += 2;
        else {
          end += 1;
          break;
        }
      }
      index = end;
      continue;
    }
    // `$` inside a bare name (`a$1`) is part of the name, not a placeholder.
    if (!/[\w$]/.test(text[index - 1] ?? '')) {
      const digits = /^\d+/.exec(text.slice(index + 1, index + 12))?.[0];
      if (digits !== undefined) {
        pieces.push(text.slice(copied, index));
        positions.push(Number(digits));
        index += 1 + digits.length;
        copied = index;
        continue;
      }
    }
    index += 1;
  }
  pieces.push(text.slice(copied));
  return { pieces, positions };
}

/**
 * Texts cut before, by text. REST sends the same few texts again and again with other values (the
 * settings of every request, the statement of each request shape), and finding their placeholders
 * was most of the cost of inlining; a map lookup hashes the text once, far cheaper than the scan.
 * Bounded in count and in the length of a text kept; the oldest entry makes room.
 */
const cutTexts = new Map<string, CutText>();
const CUT_TEXTS_MAX = 500;
const CUT_TEXT_MAX_LENGTH = 16 * 1024;

function cutOf(text: string): CutText {
  let cut = cutTexts.get(text);
  if (cut) return cut;
  cut = cutAtPlaceholders(text);
  if (text.length <= CUT_TEXT_MAX_LENGTH) setBounded(cutTexts, text, cut, CUT_TEXTS_MAX);
  return cut;
}

/** `text` with every `$n` outside quotes replaced by the literal of `values[n - 1]`. */
export function inlineParameters(text: string, values: readonly unknown[], escape: (text: string) => string): string {
  if (values.length === 0) return text;
  const { pieces, positions } = cutOf(text);
  let out = pieces[0];
  for (let at = 0; at < positions.length; at++) {
    const position = positions[at];
    if (position < 1 || position > values.length) throw new Error(`statement refers to $${position}, but has ${values.length} values`);
    out += literalOf(values[position - 1], escape) + pieces[at + 1];
  }
  return out;
}
