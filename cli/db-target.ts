/**
 * Which database a command talks to, from `--db-url` / `--local` / `--linked`, with the original's
 * precedence: explicitly set flags win in that order, else the command's default target.
 */
import type { CommandContext } from './context.js';
import type { DbTarget } from './db-target-shape.js';
import { loadProjectConfig } from './project-config.js';
import { UserError } from './errors.js';
import { isKeywordDsn, keywordDsnToUrl } from './keyword-dsn.js';

export type { DbTarget } from './db-target-shape.js';

const ENCODING_HINT = 'Percent-encode special characters in the connection string, e.g. @ as %40, # as %23 and / as %2F in the password.';

/**
 * Checks that a connection string is a well-formed, percent-encoded URL, or a libpq
 * keyword/value string (rebuilt as one). A raw `@` or `#` in a
 * password makes the host part wrong, which would otherwise surface as a confusing connect error.
 */
export function parseDbUrl(given: string): URL {
  // The keyword/value form (host=... password=...) is read as libpq reads it, then checked as a URL.
  const raw = isKeywordDsn(given) ? keywordDsnToUrl(given) : given;
  const authority = raw.replace(/^[a-z]+:\/\//i, '').split(/[/?]/, 1)[0];
  const raws = raw.includes('#')
    ? 'the connection string contains a raw "#"'
    : (authority.match(/@/g) ?? []).length > 1
      ? 'the user or password contains a raw "@"'
      : undefined;
  if (raws) throw new UserError(`failed to parse connection string: ${raws}`, ENCODING_HINT);
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw new UserError(`failed to parse connection string: ${(error as Error).message}`, ENCODING_HINT);
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) {
    throw new UserError(`failed to parse connection string: unsupported scheme "${url.protocol}"`, 'Use a postgresql:// connection string.');
  }
  if (!url.hostname) throw new UserError('failed to parse connection string: it names no host', ENCODING_HINT);
  return url;
}

/** The local stack's database URL for a db port. */
export function localDbUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/** Resolves the target of a command that declares the database target flags. */
export async function resolveDbTarget(ctx: CommandContext): Promise<DbTarget> {
  const pick = (['db-url', 'local', 'linked'] as const).find((name) => ctx.changed.has(name) && ctx.flags[name] !== false)
    ?? (ctx.flags.local === true ? 'local' : ctx.flags.linked === true ? 'linked' : 'local');
  if (pick === 'db-url') {
    const url = parseDbUrl(ctx.flags['db-url'] as string);
    return { kind: 'db-url', url: url.toString(), isLocal: false };
  }
  if (pick === 'linked') {
    const { linkedDbTarget } = await import('./linked-db.js');
    return linkedDbTarget(ctx);
  }
  // The command's own load of config.toml (the command reads it again for its work).
  const { config } = await loadProjectConfig(ctx);
  return { kind: 'local', url: localDbUrl(config.db.port), isLocal: true };
}
