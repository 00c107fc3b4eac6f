/**
 * Splits a command line the way the original's flag library (pflag) reads it: `--name=value`,
 * `--name value`, `-n value`, `-nvalue`, grouped boolean shorthands `-abc`, and `--` ending flags.
 * This only recognises flags; their values are typed in parse-flags.ts.
 */
import { UsageError } from '../errors.js';
import type { FlagSpec } from '../registry/types.js';

/** One flag as it appeared on the command line. */
export interface FlagOccurrence {
  flag: FlagSpec;
  /** The text after `=` or the next word; undefined for a bare boolean. */
  value: string | undefined;
  /** How the user spelled the flag, for messages: `--output` or `-o`. */
  spelling: string;
}

export interface Tokens {
  occurrences: FlagOccurrence[];
  positional: string[];
}

/** cobra's built-in help flag, accepted by every command. */
export const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', type: 'bool', description: 'Show help for the command.' };
/** cobra's version flag, accepted by the root command only. */
export const VERSION_FLAG: FlagSpec = { name: 'version', short: 'v', type: 'bool', description: 'Print the version number.' };

/** Flags that never take the next word as their value. */
export function takesNoValue(flag: FlagSpec): boolean {
  return flag.type === 'bool';
}

/**
 * Reads `argv` against the flags a command accepts. Words at `skip` indexes (the command path) are
 * left out. Throws a UsageError, worded as pflag words it, for unknown flags and missing values.
 */
export function tokenize(argv: readonly string[], flags: readonly FlagSpec[], skip: ReadonlySet<number> = new Set()): Tokens {
  const byName = new Map(flags.map((flag) => [flag.name, flag]));
  const byShort = new Map(flags.filter((flag) => flag.short).map((flag) => [flag.short as string, flag]));
  const occurrences: FlagOccurrence[] = [];
  const positional: string[] = [];

  for (let index = 0; index < argv.length; index++) {
    const word = argv[index];
    if (skip.has(index)) continue;
    if (word === '--') {
      positional.push(...argv.slice(index + 1));
      break;
    }
    if (word.startsWith('--') && word.length > 2) {
      const [name, ...rest] = word.slice(2).split('=');
      const flag = byName.get(name);
      if (!flag) throw new UsageError(`unknown flag: --${name}`);
      let value: string | undefined = rest.length > 0 ? rest.join('=') : undefined;
      if (value === undefined && !takesNoValue(flag)) {
        if (index + 1 >= argv.length) throw new UsageError(`flag needs an argument: --${name}`);
        value = argv[++index];
      }
      occurrences.push({ flag, value, spelling: `--${name}` });
      continue;
    }
    if (word.startsWith('-') && word.length > 1) {
      index = readShorthands(argv, index, byShort, occurrences);
      continue;
    }
    positional.push(word);
  }
  return { occurrences, positional };
}

/** Reads a `-abc` / `-ovalue` / `-o value` / `-o=value` group; returns the last index consumed. */
function readShorthands(
  argv: readonly string[],
  index: number,
  byShort: Map<string, FlagSpec>,
  occurrences: FlagOccurrence[],
): number {
  const group = argv[index].slice(1);
  for (let position = 0; position < group.length; position++) {
    const letter = group[position];
    const flag = byShort.get(letter);
    if (!flag) throw new UsageError(`unknown shorthand flag: '${letter}' in -${group}`);
    const rest = group.slice(position + 1);
    const spelling = `-${letter}`;
    if (rest.startsWith('=')) {
      occurrences.push({ flag, value: rest.slice(1), spelling });
      return index;
    }
    if (takesNoValue(flag)) {
      occurrences.push({ flag, value: undefined, spelling });
      continue;
    }
    if (rest.length > 0) {
      occurrences.push({ flag, value: rest, spelling });
      return index;
    }
    if (index + 1 >= argv.length) throw new UsageError(`flag needs an argument: '${letter}' in -${group}`);
    occurrences.push({ flag, value: argv[index + 1], spelling });
    return index + 1;
  }
  return index;
}
