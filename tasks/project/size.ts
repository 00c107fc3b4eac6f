/**
 * Human sizes as the original reads `storage.file_size_limit` (docker's RAMInBytes): a number with
 * an optional k/m/g/t/p unit, an optional `i` and an optional `b`, case-insensitive, and always
 * binary multiples, so "50MB" and "50MiB" are both 50 * 1024 * 1024 bytes.
 */

const SIZE = /^(\d+(?:\.\d+)*) ?([kmgtp])?i?b?$/i;
const POWERS: Record<string, number> = { k: 1, m: 2, g: 3, t: 4, p: 5 };

/** Parses a size string into bytes; undefined when it is not a size. */
export function parseSize(text: string): number | undefined {
  const match = SIZE.exec(text);
  if (!match) return undefined;
  const amount = Number.parseFloat(match[1]!);
  if (!Number.isFinite(amount)) return undefined;
  const power = match[2] ? POWERS[match[2].toLowerCase()]! : 0;
  return Math.trunc(amount * 1024 ** power);
}

const DECIMAL_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

/**
 * A byte count as the original prints sizes (docker's HumanSize): decimal units and four
 * significant digits without trailing zeros, e.g. `530B`, `1.568kB`, `2.1MB`.
 */
export function humanSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < DECIMAL_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number(value.toPrecision(4))}${DECIMAL_UNITS[unit]}`;
}
