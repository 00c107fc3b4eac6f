/**
 * What `link` and `services` learn about a hosted project (the same probes in
 * both, as in the original):
 * its API keys, the versions its services run (database from the Management API; PostgREST, GoTrue
 * and Storage from the project's own endpoints, asked with the anon key), its PostgREST settings
 * and its pooler. Each probe is one function so other commands can reuse them; the messages of
 * their failures are the original's.
 */
import { TaskError } from '../task-error.js';
import { expectStatus, rawBody, type ManagementClient } from './client/client.js';
import { projectFetch, projectJson } from './client/project-http.js';

/** How probes reach the project's own endpoints. */
export interface ProbeOptions {
  env?: NodeJS.ProcessEnv;
  debug?: (line: string) => void;
}

/** The project's anon and service_role keys (either may be empty, not both). */
export interface ApiKeys {
  anon: string;
  serviceRole: string;
}

/** The data of a 200 answer; anything else is the original's authorization message with the body. */
function authorized<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.status !== 200 || result.data === undefined) {
    throw new TaskError(`Authorization failed for the access token and project ref pair: ${rawBody(result.response, result.error)}`);
  }
  return result.data;
}

/** GET /v1/projects/{ref}/api-keys, reduced to the two keys the CLI uses. */
export async function fetchApiKeys(api: ManagementClient, ref: string): Promise<ApiKeys> {
  const listed = authorized(await api.GET('/v1/projects/{ref}/api-keys', { params: { path: { ref } } }));
  const keys: ApiKeys = { anon: '', serviceRole: '' };
  for (const key of listed) {
    if (key.name === 'anon') keys.anon = key.api_key;
    if (key.name === 'service_role') keys.serviceRole = key.api_key;
  }
  if (!keys.anon && !keys.serviceRole) throw new TaskError('Anon key not found.');
  return keys;
}

/** The database version of the project (`database.version` in the project listing), e.g. `15.1.0.147`. */
export async function databaseVersion(api: ManagementClient, ref: string): Promise<string> {
  const projects = await expectStatus('retrieving projects', api.GET('/v1/projects'), [200]);
  const version = projects.find((project) => project.id === ref)?.database?.version;
  if (!version) throw new TaskError('Database version not found.');
  return version;
}

/** PostgREST's version from its OpenAPI document: the first word of `info.version`, with a `v`. */
export async function postgrestVersion(ref: string, keys: ApiKeys, options: ProbeOptions = {}): Promise<string> {
  const swagger = await projectJson<{ info?: { version?: string } }>(ref, { path: '/rest/v1/', headers: { apikey: keys.anon }, ...options });
  const version = swagger.info?.version ?? '';
  if (!version) throw new TaskError('PostgREST version not found.');
  return `v${version.split(' ')[0]}`;
}

/** GoTrue's version from its health endpoint, as it reports it (e.g. `v2.132.3`). */
export async function gotrueVersion(ref: string, keys: ApiKeys, options: ProbeOptions = {}): Promise<string> {
  const health = await projectJson<{ version?: string }>(ref, { path: '/auth/v1/health', headers: { apikey: keys.anon }, ...options });
  if (!health.version) throw new TaskError('GoTrue version not found.');
  return health.version;
}

/** Storage's version (a plain-text endpoint), with a `v`; `0.0.0` or nothing means unknown. */
export async function storageVersion(ref: string, keys: ApiKeys, options: ProbeOptions = {}): Promise<string> {
  const text = await (await projectFetch(ref, { path: '/storage/v1/version', headers: { apikey: keys.anon }, ...options })).text();
  if (text === '' || text === '0.0.0') throw new TaskError('Storage version not found.');
  return `v${text}`;
}

/** The versions a linked project runs; a service whose probe failed is absent. */
export interface RemoteVersions {
  postgres?: string;
  rest?: string;
  gotrue?: string;
  storage?: string;
}

/**
 * The four version probes, in parallel. Their failures do not stop anything (the original ignores
 * them); each one is passed to `failed` (link prints them under --debug).
 */
export async function remoteVersions(
  api: ManagementClient,
  ref: string,
  keys: ApiKeys,
  options: ProbeOptions & { failed?: (error: unknown) => void } = {},
): Promise<RemoteVersions> {
  const probes = {
    postgres: () => databaseVersion(api, ref),
    rest: () => postgrestVersion(ref, keys, options),
    gotrue: () => gotrueVersion(ref, keys, options),
    storage: () => storageVersion(ref, keys, options),
  };
  const found: RemoteVersions = {};
  await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => {
      try {
        found[name as keyof RemoteVersions] = await probe();
      } catch (error) {
        options.failed?.(error);
      }
    }),
  );
  return found;
}

/** The project's PostgREST settings (GET /v1/projects/{ref}/postgrest). */
export async function postgrestSettings(api: ManagementClient, ref: string) {
  return authorized(await api.GET('/v1/projects/{ref}/postgrest', { params: { path: { ref } } }));
}

/** The project's pooler settings and connection string (GET /v1/projects/{ref}/config/database/pgbouncer). */
export async function poolerSettings(api: ManagementClient, ref: string) {
  return authorized(await api.GET('/v1/projects/{ref}/config/database/pgbouncer', { params: { path: { ref } } }));
}
