/**
 * The secrets one run knows by their value. The redactor's patterns (debug-log.ts) find secrets by
 * their look (a token's prefix, a URL's password); a secret the user hands over as a plain word
 * looks like nothing: `secrets set STRIPE=sk_live_x`, an env file's values, `-p hunter2`,
 * SUPABASE_DB_PASSWORD. Those are collected here, from the command line and the environment at the
 * start and from handlers as they read them, and hidden wherever they turn up: the --debug log,
 * tickets, crash reports, the failure message itself.
 */

/** The placeholder a hidden value leaves. */
export const HIDDEN = '[REDACTED]';

/**
 * Values shorter than this are not hidden as words: hiding `1` or `on` everywhere would garble
 * every line for nothing, and so short a value guards nothing worth hiding.
 */
const SHORTEST = 4;

/** Flags whose value is a secret; `-p` is --password's shorthand. */
export const SECRET_FLAGS = new Set(['-p', '--password', '--token', '--db-password']);

/** Environment variables that hold a secret the CLI may use. */
const SECRET_ENV = ['SUPABASE_DB_PASSWORD', 'SUPABASE_ACCESS_TOKEN', 'PGPASSWORD'];

/** A `NAME=VALUE` word (secrets set's arguments): the name and the `=`. */
export const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*=)/;

/** The secret values of one run. */
export class SecretValues {
  /** `pairs`: whether the command line's `NAME=VALUE` arguments are secrets (secrets set's are). */
  constructor(readonly pairs = false) {}

  private readonly values = new Set<string>();
  /** Longest first, so a value that contains another is hidden whole. */
  private ordered: string[] = [];

  /** Remembers a secret; also in its percent-encoded form, the one it takes inside a URL. */
  add(value: string | undefined): void {
    if (value === undefined || value.length < SHORTEST) return;
    const before = this.values.size;
    this.values.add(value);
    this.values.add(encodeURIComponent(value));
    if (this.values.size !== before) this.ordered = [...this.values].sort((a, b) => b.length - a.length);
  }

  /** `text` with every known secret replaced by the placeholder. */
  hide(text: string): string {
    return this.ordered.reduce((line, value) => line.split(value).join(HIDDEN), text);
  }
}

/**
 * The secrets a command line and an environment carry: the values of secret flags (`-p x`,
 * `--password=x`, `-px`), of the secret environment variables, and, when `pairs` says the command
 * takes secrets as `NAME=VALUE` arguments, of those. Only then: a keyword connection string
 * (`--db-url "host=db password=x"`) is such a word too, and its host is no secret.
 */
export function secretValuesOf(argv: readonly string[], env: NodeJS.ProcessEnv, pairs: boolean): SecretValues {
  const secrets = new SecretValues(pairs);
  argv.forEach((word, index) => {
    if (index > 0 && SECRET_FLAGS.has(argv[index - 1])) return secrets.add(word);
    const flagValue = secretFlagValue(word);
    if (flagValue !== undefined) return secrets.add(flagValue);
    const assignment = ASSIGNMENT.exec(word);
    if (pairs && !word.startsWith('-') && assignment) secrets.add(word.slice(assignment[1].length));
  });
  for (const name of SECRET_ENV) secrets.add(env[name]);
  return secrets;
}

/** The value a single word gives a secret flag (`--password=x`, `-p=x`, `-px`), if it does. */
export function secretFlagValue(word: string): string | undefined {
  const equals = word.indexOf('=');
  if (equals > 0 && SECRET_FLAGS.has(word.slice(0, equals))) return word.slice(equals + 1);
  // pflag reads `-px` as -p with the value x.
  if (word.startsWith('-p') && word.length > 2 && word[2] !== '=') return word.slice(2);
  return undefined;
}
