/**
 * The shapes of the command registry. The registry is plain data: one declaration per command,
 * read by help, validation, completion, the docs spec export and the dispatcher alike.
 */
import type { CommandContext } from '../context.js';
import type { FlagValue } from './flag-value.js';

/** Value kinds, named as the original's flag library names them so the spec export stays familiar. */
export type FlagType = 'bool' | 'string' | 'int' | 'stringSlice' | 'stringArray' | 'enum';

export type { FlagValue } from './flag-value.js';

export interface FlagSpec {
  /** Long name without dashes, e.g. `db-url`. */
  name: string;
  /** One-letter shorthand without the dash. */
  short?: string;
  type: FlagType;
  /** Typed default; omitted means the zero value of the type (false, "", 0, []). */
  default?: FlagValue;
  /** Accepted values, for `enum` flags and for slices whose items are restricted. */
  values?: readonly string[];
  required?: boolean;
  /** A persistent flag is inherited by every descendant of the command that declares it. */
  persistent?: boolean;
  hidden?: boolean;
  /** Shown when the flag is used; the flag still works. */
  deprecated?: string;
  /** Added by this implementation beyond the original's flags (kept compatible: never changes their meaning). */
  ours?: boolean;
  /** Environment variable that supplies the value when the flag is not given. */
  env?: string;
  description: string;
}

/** Help sections, in the order the root help prints them. */
export type HelpGroup = 'local-dev' | 'management-api' | 'additional';

/** How many positional arguments a command takes, and how its usage line shows them. */
export interface ArgsSpec {
  min: number;
  /** `Infinity` for "any number". */
  max: number;
  /** Usage fragment such as `<migration name>` or `[path] ...`. */
  usage: string;
}

export interface Example {
  /** Slug, unique within the command. */
  id: string;
  name: string;
  code: string;
  response?: string;
}

export interface Link {
  name: string;
  link: string;
}

/** A command handler module: the default export runs the command and returns its exit code. */
export interface HandlerModule {
  default: (ctx: CommandContext) => Promise<number | void>;
}

export interface CommandSpec {
  /** Space-separated path below the root, e.g. `db push`; `""` is the root itself. */
  path: string;
  group: HelpGroup;
  /** One line, shown in command lists. */
  summary: string;
  /** Longer text for `--help` and the docs site; defaults to the summary. */
  description?: string;
  /** Positional arguments; omitted means the command accepts none beyond its subcommands. */
  args?: ArgsSpec;
  flags?: FlagSpec[];
  /** Groups of flag names of which at most one may be set. */
  exclusive?: string[][];
  experimental?: boolean;
  hidden?: boolean;
  /** Message shown when a deprecated command runs. */
  deprecated?: string;
  aliases?: string[];
  /** False for pure parent commands that only list their children. */
  runnable?: boolean;
  /** Needs a Management API access token before it runs. */
  requiresLogin?: boolean;
  examples?: Example[];
  tags?: string[];
  links?: Link[];
  /** Lazily loaded handler; absent while the command's behaviour has not landed yet. */
  load?: () => Promise<HandlerModule>;
}
