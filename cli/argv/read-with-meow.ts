/**
 * meow reads the command line of the command it was resolved to: the flags the pflag-style
 * tokenizer found and parse-flags.ts checked, written out as `--name="value"`, then `--` and the
 * positional words, against the command's flags as the registry declares them. The checks come
 * first so that every message is the original's; meow only types what passed them. It is taken
 * into the CLI bundle (scripts/bundle-cli.js) but runs its module code only when first imported:
 * that code (its parser and the package.json normaliser it carries) costs 15-40 ms a command, so a
 * command line with nothing to read after the command path does not load it.
 */
import type { FlagSpec } from '../registry/types.js';

/** What meow read: the given flags by their registry names, and the positional words. */
export interface MeowReading {
  given: Record<string, boolean | number | string | string[]>;
  input: string[];
}

/** One checked flag occurrence: the flag and its text (`true`/`false` for a bool). */
export interface CheckedOccurrence {
  flag: FlagSpec;
  text: string;
}

type MeowFlag = { type: 'string' | 'boolean' | 'number'; isMultiple?: boolean };

/** meow's keys are camel-cased (it refuses dashes); the parser under it reads them back dashed. */
function camelCase(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

function isList(flag: FlagSpec): boolean {
  return flag.type === 'stringSlice' || flag.type === 'stringArray';
}

function meowFlag(flag: FlagSpec): MeowFlag {
  if (flag.type === 'bool') return { type: 'boolean' };
  if (flag.type === 'int') return { type: 'number' };
  return isList(flag) ? { type: 'string', isMultiple: true } : { type: 'string' };
}

/**
 * meow names the process after the package (process.title), which on Linux overwrites the command
 * line that `ps` and `pgrep -f` show with one word; the title is held still while meow reads.
 */
function keepingProcessTitle<T>(read: () => T): T {
  const own = Object.getOwnPropertyDescriptor(process, 'title');
  if (!own?.configurable) return read();
  const title = process.title;
  Object.defineProperty(process, 'title', { configurable: true, enumerable: own.enumerable, get: () => title, set: () => undefined });
  try {
    return read();
  } finally {
    Object.defineProperty(process, 'title', own);
  }
}

/** meow's reading of checked flag occurrences and positional words, for a command accepting `flags`. */
export async function readWithMeow(occurrences: readonly CheckedOccurrence[], positional: readonly string[], flags: readonly FlagSpec[]): Promise<MeowReading> {
  if (occurrences.length === 0 && positional.length === 0) return { given: {}, input: [] };
  const { default: meow } = await import('meow');
  // A single-valued flag given twice keeps its last value, as pflag does (meow would refuse it).
  const kept = occurrences.filter((occurrence, index) =>
    isList(occurrence.flag) || !occurrences.slice(index + 1).some((later) => later.flag === occurrence.flag));
  // The parser strips one pair of quotes around a `--name=value` value (and takes the next word
  // for an empty one): the pair added here is what it strips, so `'"x"'` and `''` arrive as typed.
  const argv = [...kept.map(({ flag, text }) => `--${flag.name}="${text}"`), '--', ...positional];
  const result = keepingProcessTitle(() =>
    meow({
      // Only its url is read (meow looks for a package.json from there); the bundle defines the
      // url alone (scripts/commonjs-bundle.js), not import.meta as a whole.
      importMeta: { url: import.meta.url } as ImportMeta,
      argv,
      pkg: { name: 'supabase' },
      description: false,
      autoHelp: false,
      autoVersion: false,
      // Unknown flags were refused by the tokenizer already; what is left are positional words ('-').
      allowUnknownFlags: true,
      booleanDefault: undefined,
      flags: Object.fromEntries(flags.map((flag) => [camelCase(flag.name), meowFlag(flag)])),
    }),
  );
  const read = result.flags as Record<string, boolean | number | string | string[]>;
  const given: MeowReading['given'] = {};
  for (const { flag } of kept) given[flag.name] = read[camelCase(flag.name)];
  return { given, input: result.input.map(String) };
}
