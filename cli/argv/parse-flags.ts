/**
 * Turns a command line into typed flag values and positional words for one command: pflag-style
 * tokens (tokenize.ts), checked against each flag's type, read by meow with the command's flag
 * declarations (read-with-meow.ts), then defaults and SUPABASE_* environment twins applied.
 * Messages follow the original's wording so scripts that match on them keep working.
 */
import { UsageError } from '../errors.js';
import { defaultValue } from '../registry/defaults.js';
import type { FlagSpec, FlagValue } from '../registry/types.js';
import { readWithMeow } from './read-with-meow.js';
import type { FlagOccurrence, Tokens } from './tokenize.js';

export interface ParsedFlags {
  values: Record<string, FlagValue>;
  /** Flags set on the command line. */
  changed: Set<string>;
  /** Flags set through their environment variable (and not on the command line). */
  fromEnv: Set<string>;
  /** The positional words, as meow read them. */
  args: string[];
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
 * Types a command line's flags and reads its positional words. Every accepted flag gets a value:
 * what the user gave, else its environment variable, else its default.
 */
export async function parseFlags(tokens: Tokens, flags: readonly FlagSpec[], env: NodeJS.ProcessEnv): Promise<ParsedFlags> {
  const checked = tokens.occurrences.map((occurrence) => ({ flag: occurrence.flag, text: checkOccurrence(occurrence) }));
  const { given, input } = await readWithMeow(checked, tokens.positional, flags);
  const values: Record<string, FlagValue> = {};
  const changed = new Set(tokens.occurrences.map((occurrence) => occurrence.flag.name));
  const fromEnv = new Set<string>();
  for (const flag of flags) {
    const read = given[flag.name];
    if (read !== undefined) {
      values[flag.name] = flag.type === 'stringSlice' ? (read as string[]).flatMap(splitSlice) : read;
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
  return { values, changed, fromEnv, args: input };
}
