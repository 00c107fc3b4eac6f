/**
 * The one output renderer: every command with an output flag hands its result here. Encoders for
 * TOML and YAML are loaded only when asked for, so plain commands stay quick.
 */
import { UserError } from '../errors.js';

export type OutputFormat = 'pretty' | 'json' | 'toml' | 'yaml' | 'env';

/** A value plus how to show it to a person; machine formats ignore `pretty`. */
export interface Renderable {
  value: unknown;
  /** Text for `pretty`; defaults to the YAML encoding of the value. */
  pretty?: () => string;
}

/** Encodes the result in the requested format. The text ends with a newline. */
export async function renderOutput(format: string, result: Renderable): Promise<string> {
  switch (format) {
    case 'pretty':
      return result.pretty ? result.pretty() : renderOutput('yaml', result);
    case 'json':
      return JSON.stringify(result.value, null, 2) + '\n';
    case 'yaml': {
      const { stringify } = await import('yaml');
      return stringify(result.value);
    }
    case 'toml': {
      const { stringify } = await import('../../tasks/project/toml.js');
      const text = stringify(tomlSafe(result.value) as Record<string, unknown>);
      return text.endsWith('\n') ? text : text + '\n';
    }
    case 'env':
      return encodeEnv(result.value);
    default:
      throw new UserError(`Unsupported output encoding "${format}"`);
  }
}

/** KEY="value" lines; only a flat map of strings can be written as an environment file. */
export function encodeEnv(value: unknown): string {
  if (!isStringMap(value)) {
    throw new UserError("value is not a map[string]string and can't be encoded as an environment file");
  }
  return Object.entries(value).map(([key, item]) => `${key}=${JSON.stringify(item)}`).join('\n') + '\n';
}

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) &&
    Object.values(value).every((item) => typeof item === 'string');
}

/** TOML has no null and no top-level array: drop nulls and wrap arrays in a table. */
function tomlSafe(value: unknown): unknown {
  if (Array.isArray(value)) return { items: value.map(stripNulls) };
  return stripNulls(value);
}

function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item != null).map(stripNulls);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).filter(([, item]) => item != null).map(([key, item]) => [key, stripNulls(item)]),
    );
  }
  return value;
}
