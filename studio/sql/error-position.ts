/**
 * Where in the editor's text a PostgreSQL error points: postgres-meta passes the server's
 * `position` (1-based, in characters of the whole script) through; the editor shows it as a line
 * and column and puts the cursor there.
 */

/** Line and column (both 1-based) of a 1-based character position in `text`. */
export function lineAndColumn(text: string, position: number): { line: number; column: number; offset: number } {
  const offset = Math.min(Math.max(position - 1, 0), text.length);
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1, offset };
}

/** The `position` of postgres-meta's error body, when it has one. */
export function errorPosition(body: Record<string, unknown> | undefined): number | undefined {
  const position = Number(body?.position);
  return Number.isInteger(position) && position > 0 ? position : undefined;
}
