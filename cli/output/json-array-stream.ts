/**
 * A JSON array written a batch of items at a time, for output too long to hold. The text is the
 * same as `JSON.stringify(items, null, 2)` of all the items, so `-o json` reads the same whether
 * it was streamed or not, and it is valid JSON as soon as end() is written.
 */
export class JsonArrayStream {
  private count = 0;

  /** The text of a batch of items. */
  items(values: readonly unknown[]): string {
    if (values.length === 0) return '';
    // The batch as an array of its own is `[\n`, the items indented as they are in the whole one,
    // then `\n]`: only the brackets change.
    const array = JSON.stringify(values, null, 2);
    const text = (this.count === 0 ? '[\n' : ',\n') + array.slice(2, -2);
    this.count += values.length;
    return text;
  }

  /** The text that closes the array. */
  end(): string {
    return this.count === 0 ? '[]\n' : '\n]\n';
  }
}
