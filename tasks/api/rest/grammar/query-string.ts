/**
 * A raw query string split into parameters as PostgREST v12 splits it (http-types'
 * parseQueryReplacePlus): `&` and `;` both separate, `+` is a space, a `%` not followed by two hex
 * digits stays as written, and a key without `=` (`?a&b=1`) has no value, which v12 ignores for
 * filters, order, ranges and logic trees. URLSearchParams alone would keep `a` as `a=` (a filter
 * PostgREST refuses) and read `;` as part of a value.
 */

const HEX = /^[0-9a-fA-F]{2}$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

function decode(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '+') bytes.push(0x20);
    else if (c === '%' && HEX.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = text.codePointAt(i) ?? 0;
      if (code > 0xffff) i += 1;
      bytes.push(...encoder.encode(String.fromCodePoint(code)));
    }
  }
  return decoder.decode(new Uint8Array(bytes));
}

/** The parameters of a raw query string (with or without its `?`), those without `=` left out. */
export function queryParameters(rawQuery: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const part of rawQuery.replace(/^\?/, '').split(/[&;]/)) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    params.append(decode(part.slice(0, equals)), decode(part.slice(equals + 1)));
  }
  return params;
}
