/**
 * The values `supabase status` shows, in the original's order, as plain data for the shared renderer: each
 * entry has the env-style name, the `--override-name` key, the pretty label and the value, in the
 * original's order. Which entries appear depends on which services are up, decided here with the
 * original's rules so every runtime reports alike.
 */
import type { ProjectConfig } from '../project/config.types.js';

/** Services whose state decides which entries show. */
/**
 * `functions` is the native runtime's `functions serve` router and `pg-meta` its postgres-meta
 * (the original's status has neither line: its pg-meta publishes no port).
 */
export type StatusService = 'rest' | 'studio' | 'auth' | 'inbucket' | 'functions' | 'pg-meta';

export interface StatusEntry {
  /** Default variable name, e.g. `API_URL`. */
  name: string;
  /** Key accepted by `--override-name key=NAME`, e.g. `api.url`. */
  overrideKey: string;
  /** Pretty label, e.g. `API URL`; right-aligned to STATUS_LABEL_WIDTH by the renderer. */
  label: string;
  value: string;
}

/** Width the pretty labels are right-aligned to. */
export const STATUS_LABEL_WIDTH = 16;

export interface StatusOptions {
  /**
   * Whether a service is running (and not excluded with -x). Entries of services that are not
   * running are left out, as the original leaves out stopped or excluded containers.
   */
  isRunning: (service: StatusService) => boolean;
  /** The port postgres-meta answers on, when it has one on this machine (native runtime). */
  pgMetaPort?: number;
}

/** The status entries for a loaded config, filtered by which services run. */
export function statusEntries(config: ProjectConfig, options: StatusOptions): StatusEntry[] {
  const host = config.hostname;
  const apiUrl = `http://${host}:${config.api.port}`;
  const entries: Array<StatusEntry & { shown: boolean }> = [
    { name: 'API_URL', overrideKey: 'api.url', label: 'API URL', value: apiUrl, shown: config.api.enabled && options.isRunning('rest') },
    { name: 'GRAPHQL_URL', overrideKey: 'api.graphql_url', label: 'GraphQL URL', value: `${apiUrl}/graphql/v1`, shown: config.api.enabled && options.isRunning('rest') },
    { name: 'FUNCTIONS_URL', overrideKey: 'functions.url', label: 'Functions URL', value: `${apiUrl}/functions/v1`, shown: options.isRunning('functions') },
    { name: 'DB_URL', overrideKey: 'db.url', label: 'DB URL', value: localDbUrl(config), shown: true },
    { name: 'STUDIO_URL', overrideKey: 'studio.url', label: 'Studio URL', value: `http://${host}:${config.studio.port}`, shown: config.studio.enabled && options.isRunning('studio') },
    { name: 'PG_META_URL', overrideKey: 'studio.pg_meta_url', label: 'pg-meta URL', value: `http://${host}:${options.pgMetaPort ?? 0}`, shown: options.pgMetaPort !== undefined && options.isRunning('pg-meta') },
    { name: 'INBUCKET_URL', overrideKey: 'inbucket.url', label: 'Inbucket URL', value: `http://${host}:${config.inbucket.port}`, shown: config.inbucket.enabled && options.isRunning('inbucket') },
    // The original shows the secret and keys whenever the auth container runs, whatever auth.enabled says.
    { name: 'JWT_SECRET', overrideKey: 'auth.jwt_secret', label: 'JWT secret', value: config.auth.jwt_secret, shown: options.isRunning('auth') },
    { name: 'ANON_KEY', overrideKey: 'auth.anon_key', label: 'anon key', value: config.auth.anon_key, shown: options.isRunning('auth') },
    { name: 'SERVICE_ROLE_KEY', overrideKey: 'auth.service_role_key', label: 'service_role key', value: config.auth.service_role_key, shown: options.isRunning('auth') },
  ];
  return entries.filter((entry) => entry.shown).map(({ shown: _shown, ...entry }) => entry);
}

/** The local database URL: `postgresql://postgres:<password>@<host>:<db.port>/postgres`. */
export function localDbUrl(config: Pick<ProjectConfig, 'hostname' | 'db'>): string {
  return `postgresql://postgres:${encodeURIComponent(config.db.password)}@${config.hostname}:${config.db.port}/postgres`;
}

/**
 * The flat map that `-o env|json|toml|yaml` encode, with `--override-name key=NAME` renames applied.
 * An override for a key that is not shown is ignored.
 */
export function statusVariables(entries: StatusEntry[], overrides: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(entries.map((entry) => [overrides[entry.overrideKey] || entry.name, entry.value]));
}

/** The pretty block: right-aligned labels, one `label: value` line each (colour is the renderer's). */
export function statusPrettyLines(entries: StatusEntry[]): string[] {
  return entries.map((entry) => `${entry.label.padStart(STATUS_LABEL_WIDTH)}: ${entry.value}`);
}
