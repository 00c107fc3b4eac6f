/** What a command handler receives: parsed input and the world it may touch, passed in so it can be tested. */
import type { FlagValue } from './registry/flag-value.js';

/** Where a handler writes. Results go to stdout; progress, prompts and logs go to stderr. */
export interface CommandIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdin and stdout are terminals (prompts and live progress need both). */
  interactive: boolean;
  /**
   * Resolves once standard output has passed on what was written to it; a command that writes a
   * long output in parts waits on it between parts, so a slow reader holds it back instead of
   * the output piling up in memory. Absent: writes are taken at once.
   */
  drain?: () => Promise<void>;
  /** Reads all of standard input (used when it is not a terminal). */
  readStdin: () => Promise<string>;
  /**
   * Whether stdin alone is a terminal. The original decides on stdin only in a few places (login's
   * token source, link's required --project-ref, the project picker, password prompts); when
   * absent, `interactive` stands in for it.
   */
  stdinTerminal?: boolean;
}

/** The global flags, after their SUPABASE_* environment twins were applied. */
export interface GlobalOptions {
  debug: boolean;
  experimental: boolean;
  dnsResolver: 'native' | 'https';
  createTicket: boolean;
  /** The workdir given by flag or environment, if any (before project-root discovery). */
  workdir?: string;
}

export interface DebugLog {
  /** Writes a line when --debug is on; secrets in it are redacted. */
  debug: (message: string) => void;
  /** Makes a secret read by the command (an env file's value, say) hidden wherever it turns up from now on. */
  conceal: (value: string) => void;
  /** Every line logged so far (redacted), for tickets. */
  lines: () => string[];
}

/**
 * What the registry renders of itself (cli/help/registry-documents.ts), handed in by the
 * dispatcher to the commands that print it: the registry links their handlers, so they cannot
 * import it back.
 */
export interface RegistryDocuments {
  /** The help page of the command the words name, or undefined when a word names no command. */
  helpPage(words: readonly string[]): string | undefined;
  /** The Fig autocomplete spec, as the TypeScript module Fig reads. */
  figSpec(includeHidden: boolean): Promise<string>;
  /** The docs site's command spec, as JSON text. */
  cliSpec(): Promise<string>;
}

export interface CommandContext {
  /** Space-separated command path, e.g. `db push`. */
  path: string;
  /** Positional arguments after the command path. */
  args: string[];
  /** Every accepted flag by its long name, given or defaulted. */
  flags: Record<string, FlagValue>;
  /** Names of the flags the user set (on the command line or through their environment variable). */
  changed: ReadonlySet<string>;
  globals: GlobalOptions;
  /** The project root: the workdir, or the folder found by walking up to supabase/config.toml. */
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  io: CommandIO;
  log: DebugLog;
  documents: RegistryDocuments;
}
