/**
 * The linked project's database as a command target (`--linked`, the original's
 * pooler or direct host of the linked ref): the endpoint from
 * tasks/management-api/linked-database.ts, the password in the original's order (-p/--password or
 * SUPABASE_DB_PASSWORD, the keyring, then a prompt), and a URL every database command can use as
 * it is: TLS when the server offers it (the original's sslmode=prefer) and, with
 * `--dns-resolver https`, the address found over DoH for the libpq tools (pg_dump, psql), which
 * cannot use the tool's resolver.
 */
import type { CommandContext } from './context.js';
import type { DbTarget } from './db-target-shape.js';
import { UserError } from './errors.js';
import type { DbEndpoint } from '../tasks/management-api/linked-database.js';

/** The target of a `--linked` database command: loads the config, reads the linked ref, asks for the password. */
export async function linkedDbTarget(ctx: CommandContext): Promise<DbTarget> {
  const { loadConfig } = await import('../tasks/project/config-load.js');
  await loadConfig(ctx.projectRoot, { env: ctx.env });
  const { requireLinkedRef } = await import('./project-ref.js');
  const ref = await requireLinkedRef(ctx.projectRoot);
  const { linkedEndpoint } = await import('../tasks/management-api/linked-database.js');
  const endpoint = await linkedEndpoint(ctx.projectRoot, ref, ctx.env, (reason) => ctx.log.debug(reason));
  const password = await linkedDbPassword(ctx, ref);
  return { kind: 'linked', url: await remoteDbUrl(ctx, endpoint, password), isLocal: false };
}

/** The password given on the command line or in SUPABASE_DB_PASSWORD, if any. */
export function givenDbPassword(ctx: CommandContext): string {
  const flag = ctx.flags.password;
  return (typeof flag === 'string' && flag) || ctx.env.SUPABASE_DB_PASSWORD || '';
}

/**
 * The database password of project `ref`: given, else saved in the keyring by `link`, else asked
 * for (without echo; piped stdin is read whole). Nothing at all is one clear error, not a
 * connection attempt doomed to fail.
 */
export async function linkedDbPassword(ctx: CommandContext, ref: string): Promise<string> {
  const given = givenDbPassword(ctx);
  if (given) return given;
  const { loadDbPassword } = await import('../tasks/management-api/db-password.js');
  const saved = await loadDbPassword(ref);
  if (saved) return saved;
  const { askSecret } = await import('./prompt.js');
  const typed = await askSecret(ctx, 'Enter your database password: ');
  if (typed.trim() === '') {
    throw new UserError(
      `Database password not provided for project ${ref}.`,
      'Pass -p/--password, set SUPABASE_DB_PASSWORD, or pipe the password to standard input.',
    );
  }
  return typed;
}

/**
 * The connection URL for a remote endpoint, as the original rebuilds it, plus what Node's pg and
 * the libpq tools need to connect as the original would (TLS when offered; the DoH address).
 */
export async function remoteDbUrl(ctx: CommandContext, endpoint: DbEndpoint, password: string): Promise<string> {
  const { postgresUrl } = await import('../tasks/management-api/linked-database.js');
  const { serverOffersTls, TLS_URL_PARAMS } = await import('../tasks/db/tls-probe.js');
  const extra: Record<string, string> = {};
  if (ctx.globals.dnsResolver === 'https') {
    const address = await lookupOverDoh(endpoint.host);
    if (address) extra.hostaddr = address;
  }
  if (await serverOffersTls(extra.hostaddr ?? endpoint.host, endpoint.port)) Object.assign(extra, TLS_URL_PARAMS);
  return postgresUrl(endpoint, password, extra);
}

/** The first address of a host through the installed DoH resolver (dns.lookup is replaced by it). */
async function lookupOverDoh(host: string): Promise<string | undefined> {
  const { default: dns } = await import('node:dns');
  const net = await import('node:net');
  if (net.isIP(host)) return undefined;
  return new Promise((resolve) => dns.lookup(host, (error, address) => resolve(error ? undefined : address)));
}
