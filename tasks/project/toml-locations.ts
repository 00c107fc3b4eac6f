/**
 * Finds the line each key of a TOML document is written on. smol-toml returns values without
 * positions, and a config error that says "line 12" is far more useful than one that does not,
 * so this scans the source once: table headers, `key = value` lines (bare, quoted and dotted
 * keys), skipping the bodies of multi-line strings and arrays.
 */

/** Dotted key path (`db.pooler.port`) to its 1-based line. */
export type KeyLines = Map<string, number>;

const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`;
const DOTTED = String.raw`${KEY_PART}(?:\s*\.\s*${KEY_PART})*`;
const HEADER = new RegExp(String.raw`^\s*\[\[?\s*(${DOTTED})\s*\]\]?`);
const ASSIGN = new RegExp(String.raw`^\s*(${DOTTED})\s*=\s*(.*)$`);

/** Maps every key written in the source to its line number. */
export function locateKeys(source: string): KeyLines {
  const lines = source.split(/\r?\n/);
  const found: KeyLines = new Map();
  let table: string[] = [];
  let openMultiline: string | null = null;
  let bracketDepth = 0;
  lines.forEach((text, index) => {
    const lineNo = index + 1;
    if (openMultiline) {
      if (text.includes(openMultiline)) openMultiline = null;
      return;
    }
    if (bracketDepth > 0) {
      bracketDepth += depthChange(text);
      return;
    }
    const header = HEADER.exec(text);
    if (header && !ASSIGN.test(text)) {
      table = splitKey(header[1]!);
      remember(found, table, lineNo);
      return;
    }
    const assign = ASSIGN.exec(text);
    if (!assign) return;
    const key = [...table, ...splitKey(assign[1]!)];
    remember(found, key, lineNo);
    const value = assign[2]!;
    for (const quote of ['"""', "'''"]) {
      const at = value.indexOf(quote);
      if (at !== -1 && value.indexOf(quote, at + 3) === -1) openMultiline = quote;
    }
    if (!openMultiline) bracketDepth = Math.max(0, depthChange(value));
  });
  return found;
}

/** The line of a key, or of its nearest written ancestor (a key inside an inline table, say). */
export function lineOf(lines: KeyLines, keyPath: readonly string[]): number | undefined {
  for (let n = keyPath.length; n > 0; n--) {
    const line = lines.get(keyPath.slice(0, n).join('.'));
    if (line !== undefined) return line;
  }
  return undefined;
}

function remember(found: KeyLines, key: string[], line: number): void {
  const dotted = key.join('.');
  if (!found.has(dotted)) found.set(dotted, line);
}

function splitKey(raw: string): string[] {
  const parts: string[] = [];
  const re = new RegExp(KEY_PART, 'g');
  for (const match of raw.matchAll(re)) {
    const part = match[0];
    parts.push(part.startsWith('"') ? (JSON.parse(part) as string) : part.startsWith("'") ? part.slice(1, -1) : part);
  }
  return parts;
}

/** Net count of [ minus ] outside strings and comments, to follow arrays over several lines. */
function depthChange(text: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') break;
    else if (ch === '[') depth++;
    else if (ch === ']') depth--;
  }
  return depth;
}
