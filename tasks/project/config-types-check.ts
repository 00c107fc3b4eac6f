/**
 * Checks a parsed config.toml against CONFIG_SCHEMA: every value must have its key's type, and
 * keys the schema does not know are collected (the original only warns about those).
 */
import { ANY_KEY, CONFIG_SCHEMA, type LeafType, type SchemaTable } from './config-schema.js';
import { parseSize } from './size.js';

/** One bad value: its dotted key and what is wrong with it. */
export interface TypeIssue {
  key: string[];
  message: string;
}

export interface TypeCheckResult {
  issues: TypeIssue[];
  /** Dotted keys outside the schema. */
  unknown: string[];
}

/** Walks `doc` against the schema and reports bad values and unknown keys. */
export function checkTypes(doc: Record<string, unknown>, schema: SchemaTable = CONFIG_SCHEMA): TypeCheckResult {
  const result: TypeCheckResult = { issues: [], unknown: [] };
  walk(doc, schema, [], result);
  return result;
}

function walk(value: Record<string, unknown>, schema: SchemaTable, at: string[], out: TypeCheckResult): void {
  for (const [key, child] of Object.entries(value)) {
    const path = [...at, key];
    const expected = schema[key] ?? schema[ANY_KEY];
    if (expected === undefined) {
      out.unknown.push(path.join('.'));
    } else if (typeof expected === 'string') {
      const problem = checkLeaf(expected, child);
      if (problem) out.issues.push({ key: path, message: problem });
    } else if (isTable(child)) {
      walk(child, expected, path, out);
    } else {
      out.issues.push({ key: path, message: `expected a table, got ${describe(child)}` });
    }
  }
}

function checkLeaf(type: LeafType, value: unknown): string | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : `expected a string, got ${describe(value)}`;
    case 'bool':
      return typeof value === 'boolean' ? undefined : `expected true or false, got ${describe(value)}`;
    case 'uint':
      return isInteger(value) && Number(value) >= 0 ? undefined : `expected a non-negative integer, got ${describe(value)}`;
    case 'port':
      return isInteger(value) && Number(value) >= 0 && Number(value) <= 65535
        ? undefined
        : `expected a port number (an integer from 1 to 65535), got ${describe(value)}`;
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? undefined
        : `expected an array of strings, got ${describe(value)}`;
    case 'size':
      if (isInteger(value) && Number(value) >= 0) return undefined;
      return typeof value === 'string' && parseSize(value) !== undefined
        ? undefined
        : `expected a size such as "50MiB" or "500KB", got ${describe(value)}`;
    case 'runtime':
      return value === 'auto' || value === 'native' || value === 'docker'
        ? undefined
        : `expected one of "auto", "native", "docker", got ${describe(value)}`;
    case 'string-map':
      return isTable(value) && Object.values(value).every((item) => typeof item === 'string')
        ? undefined
        : `expected a table of strings, got ${describe(value)}`;
  }
}

function isInteger(value: unknown): boolean {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

/** Whether a parsed TOML value is a table (not an array, not a date). */
export function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Names a value's TOML type, with the value itself when it is short. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return `a string (${JSON.stringify(value)})`;
  if (typeof value === 'boolean') return `a boolean (${value})`;
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return `an integer (${value})`;
  if (typeof value === 'number') return `a float (${value})`;
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a date';
  return 'a table';
}
