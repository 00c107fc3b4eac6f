/** Plain-text tables for `pretty` output: aligned columns, a rule under the header. */

/** Renders rows under headers, each column as wide as its widest cell. */
export function renderTable(headers: string[], rows: string[][]): string {
  return new StreamingTable(headers).rows(rows);
}

/**
 * A table written a batch of rows at a time, for output too long to hold: the header goes out
 * with the first batch, sized to it, and a column widens when a later batch needs it (the rows
 * above keep their layout). One batch gives exactly renderTable's text.
 */
export class StreamingTable {
  private readonly widths: number[];
  private started = false;

  constructor(private readonly headers: string[]) {
    this.widths = headers.map((header) => header.length);
  }

  /** The text of a batch of rows, after the header and its rule when this is the first batch. */
  rows(rows: string[][]): string {
    for (const row of rows) {
      for (let column = 0; column < this.widths.length; column++) {
        this.widths[column] = Math.max(this.widths[column], (row[column] ?? '').length);
      }
    }
    const lines = rows.map((row) => this.line(row));
    if (!this.started) {
      this.started = true;
      lines.unshift(this.line(this.headers), '  ' + this.widths.map((width) => '-'.repeat(width)).join('-|-'));
    }
    return lines.length > 0 ? lines.join('\n') + '\n' : '';
  }

  private line(cells: string[]): string {
    return '  ' + cells.map((cell, column) => (cell ?? '').padEnd(this.widths[column] ?? 0)).join(' | ').trimEnd();
  }
}

/** Renders label/value pairs with the labels right-aligned to a common width (as `status` does). */
export function renderPairs(pairs: Array<[label: string, value: string]>, labelWidth = 16): string {
  const width = Math.max(labelWidth, ...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${label.padStart(width)}: ${value}`).join('\n') + '\n';
}
