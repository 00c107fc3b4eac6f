/**
 * What `link` tells the user about supabase/config.toml (the original's last
 * step of link): the `[api]`, `[db]`
 * and pooler settings of the hosted project that differ from the local ones, printed as the TOML
 * tables to paste. The snippet is encoded here rather than with smol-toml because its layout is
 * the original's encoder's: no indentation, a blank line between top-level tables, arrays as
 * `["a", "b"]`. The pooler copy goes under the dotted header `[db.pooler]`, where config.toml keeps
 * it: the original's quoted key `["db.pooler"]` names a top-level table of that name, which a
 * pasted copy would add beside `[db]` without changing the pooler at all.
 */
import type { ApiConfig, DbConfig, PoolerConfig } from '../project/config.types.js';

/** The tables whose remote values differ, each a complete copy with the remote values in it. */
export interface ConfigChanges {
  api?: ApiConfig;
  db?: DbConfig;
  pooler?: PoolerConfig;
}

/** The words of a comma-separated setting, trimmed, empty ones dropped. */
export function readCsv(line: string): string[] {
  return line.split(',').map((word) => word.trim()).filter((word) => word !== '');
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** `[api]` with the hosted PostgREST settings, when any of them differs. */
export function apiChange(local: ApiConfig, remote: { max_rows: number; db_schema: string; db_extra_search_path: string }): ApiConfig | undefined {
  const copy: ApiConfig = { ...local, max_rows: remote.max_rows, schemas: readCsv(remote.db_schema), extra_search_path: readCsv(remote.db_extra_search_path) };
  const changed = copy.max_rows !== local.max_rows || !sameList(copy.schemas, local.schemas) || !sameList(copy.extra_search_path, local.extra_search_path);
  return changed ? copy : undefined;
}

/** `[db]` with the remote server's major version (the first two characters of server_version), when it differs. */
export function dbChange(local: DbConfig, serverVersion: string): DbConfig | undefined {
  const major = Number.parseInt(serverVersion.slice(0, 2), 10);
  if (!Number.isInteger(major) || major === local.major_version) return undefined;
  return { ...local, major_version: major };
}

/** The pooler table with the hosted pool settings, when any of them differs. */
export function poolerChange(
  local: PoolerConfig,
  remote: { pool_mode?: string; default_pool_size?: number; max_client_conn?: number },
): PoolerConfig | undefined {
  const copy: PoolerConfig = {
    ...local,
    pool_mode: remote.pool_mode ?? local.pool_mode,
    default_pool_size: remote.default_pool_size ?? local.default_pool_size,
    max_client_conn: remote.max_client_conn ?? local.max_client_conn,
  };
  const changed = copy.pool_mode !== local.pool_mode || copy.default_pool_size !== local.default_pool_size || copy.max_client_conn !== local.max_client_conn;
  return changed ? copy : undefined;
}

export function hasChanges(changes: ConfigChanges): boolean {
  return Boolean(changes.api || changes.db || changes.pooler);
}

type TomlValue = string | number | boolean | string[];

function tomlValue(value: TomlValue): string {
  if (Array.isArray(value)) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function tomlTable(header: string, entries: Array<[string, TomlValue]>): string {
  // An empty list has no value in the original's config; its encoder leaves the key out.
  const lines = entries.filter(([, value]) => !(Array.isArray(value) && value.length === 0)).map(([key, value]) => `${key} = ${tomlValue(value)}`);
  return [`[${header}]`, ...lines].join('\n') + '\n';
}

function poolerEntries(pooler: PoolerConfig): Array<[string, TomlValue]> {
  return [
    ['enabled', pooler.enabled],
    ['port', pooler.port],
    ['pool_mode', pooler.pool_mode],
    ['default_pool_size', pooler.default_pool_size],
    ['max_client_conn', pooler.max_client_conn],
  ];
}

/** The TOML snippet of the changed tables, in the original's order: api, db (with its pooler), then the pooler copy. */
export function changesToml(changes: ConfigChanges): string {
  const tables: string[] = [];
  if (changes.api) {
    const { enabled, port, schemas, extra_search_path, max_rows } = changes.api;
    tables.push(tomlTable('api', [['enabled', enabled], ['port', port], ['schemas', schemas], ['extra_search_path', extra_search_path], ['max_rows', max_rows]]));
  }
  if (changes.db) {
    const { port, shadow_port, major_version, pooler } = changes.db;
    tables.push(tomlTable('db', [['port', port], ['shadow_port', shadow_port], ['major_version', major_version]]) + tomlTable('db.pooler', poolerEntries(pooler)));
  }
  if (changes.pooler) tables.push(tomlTable('db.pooler', poolerEntries(changes.pooler)));
  return tables.join('\n');
}
