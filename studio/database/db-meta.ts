/**
 * The database's objects as postgres-meta lists them (`/functions`, `/triggers`, `/policies`,
 * `/tables`, `/extensions`, `/roles`), reduced to what the Database section shows, and the
 * migration history read through its `/query` beside the project's files (this server's
 * `/api/migrations`, which knows the folder).
 */
import { pgMeta, studioApi } from '../http';

export interface FunctionMeta {
  id: number;
  schema: string;
  name: string;
  language: string;
  /** `pg_get_function_arguments`: the arguments as a create statement spells them. */
  argument_types: string;
  return_type: string;
  security_definer: boolean;
  /** The whole `create or replace function` statement (`pg_get_functiondef`). */
  complete_statement: string;
}

export interface TriggerMeta {
  id: number;
  schema: string;
  table: string;
  name: string;
  /** INSERT, UPDATE, DELETE, TRUNCATE. */
  events: string[];
  /** BEFORE, AFTER or INSTEAD OF. */
  activation: string;
  /** ROW or STATEMENT. */
  orientation: string;
  function_schema: string;
  function_name: string;
  /** ORIGIN (fires), DISABLED, REPLICA or ALWAYS, as pg_trigger.tgenabled says. */
  enabled_mode: string;
}

export interface PolicyMeta {
  id: number;
  schema: string;
  table: string;
  name: string;
  /** PERMISSIVE or RESTRICTIVE. */
  action: string;
  /** SELECT, INSERT, UPDATE, DELETE or ALL. */
  command: string;
  roles: string[];
  /** The USING expression, null when the policy has none. */
  definition: string | null;
  /** The WITH CHECK expression, null when the policy has none. */
  check: string | null;
}

export interface TableRls {
  id: number;
  name: string;
  rls_enabled: boolean;
  rls_forced: boolean;
}

export interface ExtensionMeta {
  name: string;
  /** Where it is installed; null when it is not. */
  schema: string | null;
  default_version: string;
  installed_version: string | null;
  comment: string | null;
}

export interface RoleMeta {
  id: number;
  name: string;
  can_login: boolean;
  is_superuser: boolean;
  can_create_db: boolean;
  can_create_role: boolean;
  is_replication_role: boolean;
  can_bypass_rls: boolean;
  /**
   * The role's own limit, -1 for none. postgres-meta's `connection_limit` puts max_connections
   * there instead, which reads as a limit every role has; pg_roles' rolconnlimit says which is which.
   */
  own_connection_limit: number;
}

/** One applied version of supabase_migrations.schema_migrations. */
export interface AppliedMigration {
  version: string;
  name: string | null;
  statements: number;
}

/** A file of supabase/migrations, as /api/migrations lists it. */
export interface MigrationFileEntry {
  version: string;
  name: string;
  file: string;
}

const inSchema = (schema: string) => `included_schemas=${encodeURIComponent(schema)}`;
const byName = <T extends { name: string }>(items: T[]) => items.sort((a, b) => a.name.localeCompare(b.name));

/** The functions of `schema`, by name. */
export async function listFunctions(schema: string): Promise<FunctionMeta[]> {
  return byName(await pgMeta<FunctionMeta[]>(`functions?${inSchema(schema)}`));
}

/** The triggers on the tables of `schema`, by table then name. */
export async function listTriggers(schema: string): Promise<TriggerMeta[]> {
  const triggers = await pgMeta<TriggerMeta[]>(`triggers?${inSchema(schema)}`);
  return triggers.sort((a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name));
}

/** The tables of `schema` with whether row level security is on, and the policies of that schema. */
export async function listPolicies(schema: string): Promise<{ tables: TableRls[]; policies: PolicyMeta[] }> {
  const [tables, policies] = await Promise.all([pgMeta<TableRls[]>(`tables?${inSchema(schema)}&include_columns=false`), pgMeta<PolicyMeta[]>(`policies?${inSchema(schema)}`)]);
  return { tables: byName(tables), policies: byName(policies) };
}

/** Every extension the server could install, installed ones first, then by name. */
export async function listExtensions(): Promise<ExtensionMeta[]> {
  const extensions = byName(await pgMeta<ExtensionMeta[]>('extensions'));
  return extensions.sort((a, b) => Number(b.installed_version !== null) - Number(a.installed_version !== null));
}

/** Installs an extension into `schema`, with what it requires (CASCADE), as the original's Studio does. */
export async function enableExtension(name: string, schema: string): Promise<void> {
  await pgMeta('extensions', 'POST', { name, schema, cascade: true });
}

/** Drops an extension, refused (RESTRICT) while objects of the database depend on it. */
export async function disableExtension(name: string): Promise<void> {
  // An empty JSON body: this server takes a write only as application/json.
  await pgMeta(`extensions/${encodeURIComponent(name)}`, 'DELETE', {});
}

/** The database's roles, by name. */
export async function listRoles(): Promise<RoleMeta[]> {
  const [roles, limits] = await Promise.all([
    pgMeta<Array<Omit<RoleMeta, 'own_connection_limit'>>>('roles'),
    pgMeta<Array<{ id: number; conn_limit: number }>>('query', 'POST', { query: 'select oid::int8 as id, rolconnlimit as conn_limit from pg_roles' }),
  ]);
  const own = new Map(limits.map((row) => [Number(row.id), row.conn_limit]));
  return byName(roles.map((role) => ({ ...role, own_connection_limit: own.get(Number(role.id)) ?? -1 })));
}

/** The applied migrations, oldest first; none when nothing was ever applied (no history table). */
export async function listAppliedMigrations(): Promise<AppliedMigration[]> {
  const [{ present }] = await pgMeta<[{ present: boolean }]>('query', 'POST', { query: "select to_regclass('supabase_migrations.schema_migrations') is not null as present" });
  if (!present) return [];
  return pgMeta<AppliedMigration[]>('query', 'POST', {
    query: 'select version, name, coalesce(cardinality(statements), 0) as statements from supabase_migrations.schema_migrations order by version',
  });
}

/** The project's migration files and the names skipped as not a migration's. */
export async function listMigrationFiles(): Promise<{ files: MigrationFileEntry[]; skipped: string[] }> {
  return studioApi('migrations');
}
