/**
 * Elixir's `inspect` of the few values realtime v2.25.50 puts into its error texts (join
 * refusals, system messages): atoms, strings, lists, keyword lists, string maps, tuples. A client
 * that shows `reason` or `message` then shows the words realtime would have written.
 */

/** An Elixir atom (`:signature_error`), as against a string. */
export class Atom {
  constructor(readonly name: string) {}
}

/** A keyword list (`[message: "Invalid token", claim: "exp"]`). */
export class Keywords {
  constructor(readonly pairs: ReadonlyArray<readonly [string, unknown]>) {}
}

/** A tuple (`{:error, :signature_error}`). */
export class Tuple {
  constructor(readonly items: readonly unknown[]) {}
}

/** Elixir's inspect of a string: double quotes, with `"` and `\` escaped. */
function inspectString(text: string): string {
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`;
}

/** `inspect(value)` as Elixir writes it. Maps are written with their keys sorted, as Elixir's small maps are. */
export function inspect(value: unknown): string {
  if (value instanceof Atom) return `:${value.name}`;
  if (value instanceof Tuple) return `{${value.items.map(inspect).join(', ')}}`;
  if (value instanceof Keywords) return `[${value.pairs.map(([key, item]) => `${key}: ${inspect(item)}`).join(', ')}]`;
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return inspectString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(inspect).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `%{${entries.map(([key, item]) => `${inspectString(key)} => ${inspect(item)}`).join(', ')}}`;
}

/** `{:error, reason}`, the shape of every refusal realtime inspects. */
export const errorTuple = (reason: unknown): Tuple => new Tuple([new Atom('error'), reason]);
