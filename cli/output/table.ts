/** Plain-text tables for `pretty` output: aligned columns, a rule under the header. */

/** Renders rows under headers, each column as wide as its widest cell. */
export function renderTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    '  ' + cells.map((cell, column) => (cell ?? '').padEnd(widths[column])).join(' | ').trimEnd();
  const rule = '  ' + widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(headers), rule, ...rows.map(line)].join('\n') + '\n';
}

/** Renders label/value pairs with the labels right-aligned to a common width (as `status` does). */
export function renderPairs(pairs: Array<[label: string, value: string]>, labelWidth = 16): string {
  const width = Math.max(labelWidth, ...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${label.padStart(width)}: ${value}`).join('\n') + '\n';
}
