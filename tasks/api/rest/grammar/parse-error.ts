/**
 * Parse errors as Haskell's Parsec keeps and prints them, our own implementation of that contract:
 * PostgREST v12 answers a malformed query string with Parsec's rendering of the error (its position
 * as `(line 1, column 5)` and `unexpected "x" expecting "not" or operator (eq, gt, ...)`), and
 * clients and their tests compare those texts, so the messages must be built the same way: which
 * alternatives' expectations are merged, which are dropped, and how characters are shown.
 */

/** Parsec's four message kinds, in the order it sorts and prints them. */
export const enum MsgKind {
  SysUnExpect = 0,
  UnExpect = 1,
  Expect = 2,
  Message = 3,
}

export interface Msg {
  kind: MsgKind;
  text: string;
  /**
   * The text is a character (or string) to be shown as Haskell's `show` writes a String (`"`) or
   * a Char (`'`); rendered only when the error is printed, since most errors never are.
   */
  shown?: '"' | "'";
}

/** An error at an index of the input; no messages means Parsec's "unknown" error. */
export interface ParseError {
  at: number;
  msgs: Msg[];
}

export function unknownError(at: number): ParseError {
  return { at, msgs: [] };
}

export function errorWith(at: number, ...msgs: Msg[]): ParseError {
  return { at, msgs };
}

/** Replaces every message of that kind (Parsec's setErrorMessage: message equality is by kind only). */
export function setMessage(error: ParseError, msg: Msg): ParseError {
  return { at: error.at, msgs: [msg, ...error.msgs.filter((m) => m.kind !== msg.kind)] };
}

/** Parsec's mergeError: a meaningful error beats an unknown one, then the further one wins, ties join. */
export function mergeErrors(a: ParseError, b: ParseError): ParseError {
  if (b.msgs.length === 0 && a.msgs.length > 0) return a;
  if (a.msgs.length === 0 && b.msgs.length > 0) return b;
  if (a.at === b.at) return { at: a.at, msgs: [...a.msgs, ...b.msgs] };
  return a.at > b.at ? a : b;
}

const ASCII_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
];

/** One character as Haskell's `show` writes it inside a literal delimited by `quote`. */
function showLitChar(c: string, quote: string): string {
  const code = c.codePointAt(0) ?? 0;
  if (c === quote || c === '\\') return `\\${c}`;
  if (code > 127) return `\\${code}`;
  if (code === 127) return '\\DEL';
  if (code >= 32) return c;
  return `\\${ASCII_NAMES[code]}`;
}

/** Haskell's `show` of a String: `"a\"b"`. */
export function showString(text: string): string {
  const chars = Array.from(text);
  let out = '';
  chars.forEach((c, i) => {
    out += showLitChar(c, '"');
    // Haskell ends a numeric escape before a digit, and \SO before an H, with \&.
    const next = chars[i + 1] ?? '';
    if (((c.codePointAt(0) ?? 0) > 127 && /\d/.test(next)) || (c === '\u000e' && next === 'H')) out += '\\&';
  });
  return `"${out}"`;
}

/** Haskell's `show` of a Char: `'x'`. */
export function showChar(c: string): string {
  return `'${showLitChar(c, "'")}'`;
}

/**
 * Parsec's showErrorMessages with PostgREST's words ("or", "expecting", "unexpected", "end of
 * input"), its lines joined by spaces as PostgREST joins them for the `details` field.
 */
export function describeError(error: ParseError): string {
  if (error.msgs.length === 0) return 'unknown parse error';
  const render = (m: Msg) => (m.shown === undefined || (m.text === '' && m.kind === MsgKind.SysUnExpect) ? m.text : m.shown === "'" ? showChar(m.text) : showString(m.text));
  const of = (kind: MsgKind) => error.msgs.filter((m) => m.kind === kind).map(render);
  const sysUnexpected = of(MsgKind.SysUnExpect);
  const unexpected = of(MsgKind.UnExpect);
  const lines: string[] = [];
  if (unexpected.length === 0 && sysUnexpected.length > 0) {
    lines.push(`unexpected ${sysUnexpected[0] === '' ? 'end of input' : sysUnexpected[0]}`);
  }
  lines.push(showMany('unexpected', unexpected), showMany('expecting', of(MsgKind.Expect)), showMany('', of(MsgKind.Message)));
  return clean(lines).join(' ').replaceAll('\n', ' ').trim();
}

function showMany(prefix: string, texts: string[]): string {
  const items = clean(texts);
  if (items.length === 0) return '';
  const listed = items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
  return prefix === '' ? listed : `${prefix} ${listed}`;
}

/** Parsec's `clean`: drop empty texts, then duplicates, keeping first occurrences. */
function clean(texts: string[]): string[] {
  return [...new Set(texts.filter((t) => t !== ''))];
}
