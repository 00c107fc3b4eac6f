/**
 * The PostgreSQL 15 system catalogs the tool reads (type generation, `inspect db`, `db lint`), as a
 * kysely database interface. Hand-declared: kysely-codegen introspects user schemas and leaves
 * pg_catalog out. Each table lists the columns some query reads, typed as node-postgres returns
 * them: oid, int2, int4 and float4 as numbers; int8, numeric, xid and pg_lsn as strings; oid[]
 * and int2[] as number arrays; `"char"` as a one-letter string; pg_node_tree, oidvector and
 * `"char"[]` as unparsed text.
 */

type Oid = number;

export interface PgNamespace {
  oid: Oid;
  nspname: string;
  nspowner: Oid;
}

export interface PgClass {
  oid: Oid;
  relname: string;
  relnamespace: Oid;
  relowner: Oid;
  /** r table, p partitioned table, v view, m materialized view, f foreign table, i index, c composite type ... */
  relkind: string;
  relpages: number;
  reltuples: number;
  reloptions: string[] | null;
}

export interface PgAttribute {
  attrelid: Oid;
  attname: string;
  atttypid: Oid;
  attnum: number;
  attnotnull: boolean;
  atthasdef: boolean;
  attisdropped: boolean;
  /** '' none, a ALWAYS, d BY DEFAULT */
  attidentity: string;
}

export interface PgAttrdef {
  adrelid: Oid;
  adnum: number;
  /** The default or generation expression as a node tree (read it with pg_get_expr). */
  adbin: string;
}

export interface PgType {
  oid: Oid;
  typname: string;
  typnamespace: Oid;
  /** b base, c composite, d domain, e enum, p pseudo, r range, m multirange */
  typtype: string;
  typnotnull: boolean;
  typbasetype: Oid;
  typrelid: Oid;
}

export interface PgEnum {
  enumtypid: Oid;
  enumsortorder: number;
  enumlabel: string;
}

export interface PgConstraint {
  oid: Oid;
  conname: string;
  /** c check, f foreign key, p primary key, u unique, t trigger, x exclusion */
  contype: string;
  conrelid: Oid;
  confrelid: Oid;
  conparentid: Oid;
  conkey: number[] | null;
  confkey: number[] | null;
}

export interface PgProc {
  oid: Oid;
  proname: string;
  pronamespace: Oid;
  prolang: Oid;
  /** f function, p procedure, a aggregate, w window */
  prokind: string;
  prorettype: Oid;
  proretset: boolean;
  pronargs: number;
  pronargdefaults: number;
  /** Input argument types, space-separated (oidvector). */
  proargtypes: string;
  proallargtypes: Oid[] | null;
  /** Argument modes as `"char"[]` text, e.g. `{i,o}`; cast to text[] to read it as an array. */
  proargmodes: string | null;
  proargnames: string[] | null;
}

export interface PgLanguage {
  oid: Oid;
  lanname: string;
}

export interface PgRewrite {
  oid: Oid;
  ev_class: Oid;
  /** The rule's queries as a node tree (see tasks/typegen/view-origins.ts). */
  ev_action: string;
}

export interface PgIndex {
  indexrelid: Oid;
  indrelid: Oid;
  indisunique: boolean;
}

export interface PgExtension {
  extname: string;
  extnamespace: Oid;
}

export interface PgRoles {
  oid: Oid;
  rolname: string;
  rolconnlimit: number;
}

export interface PgUser {
  usename: string;
  usesysid: Oid;
}

/** Keys carry the schema, so a query that sets another default schema still finds the catalog. */
export interface PgDatabase {
  oid: Oid;
  datname: string;
}

/** information_schema.schemata: the schemas the current user may see. */
export interface InformationSchemaSchemata {
  schema_name: string;
}

export interface SystemCatalogs {
  'pg_catalog.pg_database': PgDatabase;
  'information_schema.schemata': InformationSchemaSchemata;
  'pg_catalog.pg_namespace': PgNamespace;
  'pg_catalog.pg_class': PgClass;
  'pg_catalog.pg_attribute': PgAttribute;
  'pg_catalog.pg_attrdef': PgAttrdef;
  'pg_catalog.pg_type': PgType;
  'pg_catalog.pg_enum': PgEnum;
  'pg_catalog.pg_constraint': PgConstraint;
  'pg_catalog.pg_proc': PgProc;
  'pg_catalog.pg_language': PgLanguage;
  'pg_catalog.pg_rewrite': PgRewrite;
  'pg_catalog.pg_index': PgIndex;
  'pg_catalog.pg_extension': PgExtension;
  'pg_catalog.pg_roles': PgRoles;
  'pg_catalog.pg_user': PgUser;
}
