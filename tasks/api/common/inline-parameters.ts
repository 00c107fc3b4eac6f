/**
 * A statement with `$n` placeholders written as one text with its values as quoted literals, so
 * that it can travel in a multi-statement simple query together with the BEGIN and the settings of
 * its request: one round trip to the server instead of three. A literal of no declared type is
 * resolved from where it stands exactly as an untyped bind parameter is (`"id" = '7'` compares as
 * integers), so the statement means the same. Placeholders are only looked for outside quoted
 * strings and quoted identifiers, which may themselves contain `$1`.
 */

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
 * `text` with every `$n` outside quotes replaced by the literal of `values[n - 1]`. The text between
 * the characters that matter is copied in slices, not a character at a time: every REST request
 * passes its settings and its statement through here.
 */
export function inlineParameters(text: string, values: readonly unknown[], escape: (text: string) => string): string {
  if (values.length === 0) return text;
  let out = '';
  // Copied up to here.
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
        const position = Number(digits);
        if (position < 1 || position > values.length) throw new Error(`statement refers to $${position}, but has ${values.length} values`);
        out += text.slice(copied, index) + literalOf(values[position - 1], escape);
        index += 1 + digits.length;
        copied = index;
        continue;
      }
    }
    index += 1;
  }
  return out + text.slice(copied);
}
