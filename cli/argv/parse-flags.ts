/**
 * Turns a command line into typed flag values for one command: pflag-style tokens (tokenize.ts),
 * checked against each flag's type, read by Node's own `util.parseArgs` with the command's flag
 * declarations, then defaults and SUPABASE_* environment twins applied. parseArgs ships with Node,
 * so reading flags loads nothing (meow, used before, cost 20-30 ms of every command given a flag).
 * Messages follow the original's wording so scripts that match on them keep working.
 */
import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';
import { defaultValue } from '../registry/defaults.js';
import type { FlagSpec, FlagValue } from '../registry/types.js';
import type { FlagOccurrence } from './tokenize.js';

export interface ParsedFlags {
  values: Record<string, FlagValue>;
  /** Flags set on the command line. */
  changed: Set<string>;
  /** Flags set through their environment variable (and not on the command line). */
  fromEnv: Set<string>;
}

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);

/** The flag's name as pflag prints it in value errors: `-o, --output` or `--db-url`. */
export function flagLabel(flag: FlagSpec): string {
  return flag.short ? `-${flag.short}, --${flag.name}` : `--${flag.name}`;
}

function invalid(flag: FlagSpec, value: string, reason: string): UsageError {
  return new UsageError(`invalid argument "${value}" for "${flagLabel(flag)}" flag: ${reason}`);
}

/** `must be one of [ a | b ]`, the original's enum wording. */
export function mustBeOneOf(values: readonly string[]): string {
  return `must be one of [ ${values.join(' | ')} ]`;
}

/** Checks one occurrence's text against the flag's type before parseArgs reads it. */
function checkOccurrence(occurrence: FlagOccurrence): string {
  const { flag } = occurrence;
  const value = occurrence.value ?? 'true';
  switch (flag.type) {
    case 'bool':
      if (TRUE_WORDS.has(value)) return 'true';
      if (FALSE_WORDS.has(value)) return 'false';
      throw invalid(flag, value, `strconv.ParseBool: parsing "${value}": invalid syntax`);
    case 'int':
      if (!/^[+-]?\d+$/.test(value)) throw invalid(flag, value, `strconv.ParseInt: parsing "${value}": invalid syntax`);
      return value;
    case 'enum':
      if (!flag.values?.includes(value)) throw invalid(flag, value, mustBeOneOf(flag.values ?? []));
      return value;
    case 'stringSlice':
      for (const item of splitSlice(value)) {
        if (flag.values && !flag.values.includes(item)) throw invalid(flag, value, mustBeOneOf(flag.values));
      }
      return value;
    default:
      return value;
  }
}

/** A comma-separated slice value; quotes protect commas, as in a CSV record. */
export function splitSlice(value: string): string[] {
  if (value === '') return [];
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (const character of value) {
    if (character === '"') quoted = !quoted;
    else if (character === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += character;
  }
  items.push(current);
  return items;
}

function isList(flag: FlagSpec): boolean {
  return flag.type === 'stringSlice' || flag.type === 'stringArray';
}

/** Reads an environment variable into a flag value, or undefined when unset or empty. */
function fromEnvironment(flag: FlagSpec, env: NodeJS.ProcessEnv): FlagValue | undefined {
  const raw = flag.env ? env[flag.env] : undefined;
  if (raw === undefined || raw === '') return undefined;
  const text = checkOccurrence({ flag, value: raw, spelling: flag.env ?? '' });
  if (flag.type === 'bool') return text === 'true';
  if (flag.type === 'int') return Number(text);
  if (flag.type === 'stringSlice') return splitSlice(text);
  if (flag.type === 'stringArray') return [text];
  return text;
}

/**
 * Types the occurrences of a command's flags. Every accepted flag gets a value: what the user
 * gave, else its environment variable, else its default.
 */
export function parseFlags(occurrences: FlagOccurrence[], flags: readonly FlagSpec[], env: NodeJS.ProcessEnv): ParsedFlags {
  const given = occurrences.length === 0 ? {} : readGiven(occurrences, flags);
  const values: Record<string, FlagValue> = {};
  const changed = new Set(occurrences.map((occurrence) => occurrence.flag.name));
  const fromEnv = new Set<string>();
  for (const flag of flags) {
    const text = given[flag.name];
    if (text !== undefined) {
      values[flag.name] = typed(flag, text);
      continue;
    }
    const environmental = fromEnvironment(flag, env);
    if (environmental !== undefined) {
      values[flag.name] = environmental;
      fromEnv.add(flag.name);
    } else {
      values[flag.name] = defaultValue(flag);
    }
  }
  return { values, changed, fromEnv };
}

/** A checked value's type: `true`/`false` for a bool, a number for an int, a list for a slice. */
function typed(flag: FlagSpec, text: string | string[]): FlagValue {
  if (Array.isArray(text)) return flag.type === 'stringSlice' ? text.flatMap(splitSlice) : text;
  if (flag.type === 'bool') return text === 'true';
  if (flag.type === 'int') return Number(text);
  return text;
}

/** The checked text of each flag given on the command line (every occurrence for a list). */
function readGiven(occurrences: FlagOccurrence[], flags: readonly FlagSpec[]): Record<string, string | string[] | undefined> {
  // A single-valued flag given twice keeps its last value, as pflag does (parseArgs does too).
  const normalized = occurrences.map((occurrence) => `--${occurrence.flag.name}=${checkOccurrence(occurrence)}`);
  const options = Object.fromEntries(flags.map((flag) => [flag.name, { type: 'string' as const, multiple: isList(flag) }]));
  return parseArgs({ args: normalized, options, strict: true, allowPositionals: false }).values as Record<string, string | string[] | undefined>;
}
