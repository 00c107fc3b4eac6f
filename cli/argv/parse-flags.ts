/**
 * Turns a command line into typed flag values for one command: pflag-style tokens (tokenize.ts),
 * read by meow with the command's flag declarations, then defaults and SUPABASE_* environment
 * twins applied. meow is loaded on first use, so `--help` and `--version` never pay for it.
 * Messages follow the original's wording so scripts that match on them keep working.
 */
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

/** Checks one occurrence's text against the flag's type before meow reads it. */
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

function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function isList(flag: FlagSpec): boolean {
  return flag.type === 'stringSlice' || flag.type === 'stringArray';
}

type MeowFlag = { type: 'string' | 'boolean' | 'number'; isMultiple?: boolean };

function meowFlag(flag: FlagSpec): MeowFlag {
  switch (flag.type) {
    case 'bool':
      return { type: 'boolean' };
    case 'int':
      return { type: 'number' };
    default:
      return isList(flag) ? { type: 'string', isMultiple: true } : { type: 'string' };
  }
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
export async function parseFlags(occurrences: FlagOccurrence[], flags: readonly FlagSpec[], env: NodeJS.ProcessEnv): Promise<ParsedFlags> {
  // With no flag on the command line every value comes from the environment or a default, and
  // meow has nothing to read: not loading it saves 20-30 ms (it also normalises a package.json).
  const parsed = occurrences.length === 0 ? {} : await readWithMeow(occurrences, flags);

  const values: Record<string, FlagValue> = {};
  const changed = new Set(occurrences.map((occurrence) => occurrence.flag.name));
  const fromEnv = new Set<string>();
  for (const flag of flags) {
    if (changed.has(flag.name)) {
      const given = parsed[camelCase(flag.name)];
      values[flag.name] = flag.type === 'stringSlice' ? (given as string[]).flatMap(splitSlice) : (given as FlagValue);
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

/** The typed values of the flags given on the command line, by their camel-cased names. */
async function readWithMeow(occurrences: FlagOccurrence[], flags: readonly FlagSpec[]): Promise<Record<string, unknown>> {
  const { default: meow } = await import('meow');
  // A single-valued flag given twice keeps its last value, as pflag does (meow would refuse it).
  const kept = occurrences.filter((occurrence, index) =>
    isList(occurrence.flag) || !occurrences.slice(index + 1).some((later) => later.flag === occurrence.flag));
  const normalized = kept.map((occurrence) => `--${occurrence.flag.name}=${checkOccurrence(occurrence)}`);
  const declarations = Object.fromEntries(flags.map((flag) => [camelCase(flag.name), meowFlag(flag)]));
  const result = meow({
    importMeta: import.meta,
    argv: normalized,
    pkg: { name: 'supabase' },
    description: false,
    autoHelp: false,
    autoVersion: false,
    allowUnknownFlags: true,
    booleanDefault: undefined,
    flags: declarations,
  });
  return result.flags as Record<string, unknown>;
}
