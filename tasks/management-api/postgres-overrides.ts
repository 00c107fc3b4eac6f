/**
 * `postgres-config update --config key=value` (the original's key=value items): parses the pairs and lays them over the
 * current overrides. Whole numbers go out as JSON numbers, everything else as strings, which is
 * what the platform's typed settings (max_connections, statement_timeout, ...) expect.
 */
import { TaskError } from '../task-error.js';

export type Overrides = Record<string, unknown>;

/** `key=value` items, exactly one `=` each; a later item for the same key wins. */
export function parseOverrides(items: readonly string[]): Overrides {
  const parsed: Overrides = {};
  for (const item of items) {
    const parts = item.split('=');
    if (parts.length !== 2) {
      throw new TaskError(`expected config value in key:value format, received: '${item}'`, 'Write each override as parameter=value, e.g. max_connections=100.');
    }
    parsed[parts[0]] = typedValue(parts[1]);
  }
  return parsed;
}

/** The overrides to send: the new ones over the current ones (current order kept, new keys last). */
export function mergeOverrides(current: Overrides, changes: Overrides): Overrides {
  return { ...current, ...changes };
}

function typedValue(text: string): string | number {
  if (!/^[+-]?\d+$/.test(text)) return text;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : text;
}
