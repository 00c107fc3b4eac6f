/**
 * A JSON array written a batch of items at a time, for output too long to hold. The text is the
 * same as `JSON.stringify(items, null, 2)` of all the items, so `-o json` reads the same whether
 * it was streamed or not, and it is valid JSON as soon as end() is written.
 */
export class JsonArrayStream {
  private count = 0;

  /** The text of a batch of items. */
  items(values: readonly unknown[]): string {
    let text = '';
    for (const value of values) {
      // JSON escapes the newlines inside strings, so every raw newline is layout and can be indented.
      text += `${this.count === 0 ? '[\n' : ',\n'}  ${JSON.stringify(value, null, 2).replaceAll('\n', '\n  ')}`;
      this.count += 1;
    }
    return text;
  }

  /** The text that closes the array. */
  end(): string {
    return this.count === 0 ? '[]\n' : '\n]\n';
  }
}
