/**
 * Where the linked project's database is, as the original's --linked finds it: the pooler connection string that `link`
 * saved in supabase/.temp/pooler-url when it is usable for this project, else the direct host
 * `db.<ref>.supabase.co:5432`. Also the original's rebuilt connection URL, which every database
 * command receives. Used by `link` itself and by every `--linked` database command.
 */
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { apiHost, projectDbHost } from './client/hosts.js';
import { inProject, POOLER_URL_PATH } from '../project/project-paths.js';

/** The parts of a database connection, without the password. */
export interface DbEndpoint {
  host: string;
  port: number;
  user: string;
  database: string;
  /** Startup parameters sent to the server, e.g. the pooler's `options=reference=<ref>`. */
  params: Record<string, string>;
}

/** The placeholder the platform puts where the password goes in the pooler's connection string. */
const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]';

/** libpq keywords that configure the client rather than being sent to the server. */
const CLIENT_KEYWORDS = new Set([
  'host', 'hostaddr', 'port', 'dbname', 'user', 'password', 'passfile', 'connect_timeout', 'sslmode', 'sslkey', 'sslcert',
  'sslrootcert', 'sslpassword', 'sslsni', 'krbsrvname', 'krbspn', 'target_session_attrs', 'service', 'servicefile',
]);

/** The domain a pooler host must belong to, so a tampered file cannot send the password elsewhere. */
function poolerDomain(env: NodeJS.ProcessEnv): string {
  return apiHost(env) === 'https://api.supabase.green' ? '.supabase.green' : '.supabase.com';
}

/**
 * The pooler endpoint in a connection string, when it can be used for project `ref`: it parses
 * (after the password placeholder is dropped), its user is `<role>.<ref>` (or, with a plain user,
 * its `options` name no other project), and its host is on the platform's domain. `why` receives
 * the reason it cannot, for the --debug log.
 */
export function usablePooler(connectionString: string, ref: string, env: NodeJS.ProcessEnv, why: (reason: string) => void = () => undefined): DbEndpoint | undefined {
  if (connectionString.trim() === '') {
    why('Pooler URL is not configured');
    return undefined;
  }
  const text = connectionString.trim().replaceAll(PASSWORD_PLACEHOLDER, '');
  let url: URL;
  try {
    url = new URL(text);
    if (!/^postgres(ql)?:$/.test(url.protocol) || !url.hostname) throw new Error('not a postgres URL');
  } catch {
    why(`Failed to parse pooler URL: ${text}`);
    return undefined;
  }
  const user = decodeURIComponent(url.username);
  const params = Object.fromEntries([...url.searchParams].filter(([key]) => !CLIENT_KEYWORDS.has(key)));
  const dot = user.indexOf('.');
  if (dot < 0) {
    const other = (params.options ?? '').split(',').map((option) => option.split('=')).find(([key, value]) => key === 'reference' && value !== ref);
    if (other) {
      why(`Pooler options does not match project ref: ${ref}`);
      return undefined;
    }
  } else if (user.slice(dot + 1) !== ref) {
    why(`Pooler username does not match project ref: ${ref}`);
    return undefined;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host.endsWith(poolerDomain(env))) {
    why(`Pooler hostname does not belong to Supabase domain: ${host}`);
    return undefined;
  }
  why(`Using connection pooler: ${text}`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return { host, port: Number(url.port || 5432), user, database: database || user, params };
}

/** The direct database endpoint of a project. */
export function directEndpoint(ref: string, env: NodeJS.ProcessEnv): DbEndpoint {
  return { host: projectDbHost(ref, env), port: 5432, user: 'postgres', database: 'postgres', params: {} };
}

/** The pooler connection string `link` saved, or '' when there is none. */
export async function savedPoolerUrl(root: string): Promise<string> {
  return readFile(inProject(root, POOLER_URL_PATH), 'utf8').catch(() => '');
}

/** The endpoint of the linked project's database: the saved pooler when usable, else the direct host. */
export async function linkedEndpoint(root: string, ref: string, env: NodeJS.ProcessEnv, why?: (reason: string) => void): Promise<DbEndpoint> {
  return usablePooler(await savedPoolerUrl(root), ref, env, why) ?? directEndpoint(ref, env);
}

/**
 * The connection URL the original builds for any target:
 * `postgresql://<user>:<password>@<host>:<port>/<db>?connect_timeout=<s>[&k=v...]`, user and
 * password percent-encoded, an IPv6 host in brackets.
 */
export function postgresUrl(endpoint: DbEndpoint, password: string, extra: Record<string, string> = {}, connectTimeoutSeconds = 10): string {
  const host = net.isIPv6(endpoint.host) ? `[${endpoint.host}]` : endpoint.host;
  const query = new URLSearchParams({ connect_timeout: String(connectTimeoutSeconds), ...endpoint.params, ...extra });
  const credentials = `${encodeURIComponent(endpoint.user)}:${encodeURIComponent(password)}`;
  return `postgresql://${credentials}@${host}:${endpoint.port}/${encodeURIComponent(endpoint.database)}?${query}`;
}
