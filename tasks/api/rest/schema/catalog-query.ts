/**
 * The one catalog query behind the REST schema cache. PostgREST v12.0.1 runs nine statements at
 * every start and reload (SchemaCache.hs); the gateway's start is on the start-time budget, so we
 * ask for the same facts in a single statement that answers one JSON document, inside a read-only
 * transaction sent in the same round trip. Our own SQL, written from what PostgREST looks for:
 * relations of the exposed schemas with their columns, keys and updatability; every primary,
 * unique and foreign key (relationships cross schemas, and views reach tables anywhere); the
 * stored queries of views (their keys come through their source columns); the routines of the
 * exposed schemas; functions taking and returning rows (computed relationships).
 *
 * The search path is emptied first, as PostgREST does, so that format_type and regtype qualify
 * every name outside pg_catalog (`public.status`): the SQL builder casts with these names.
 */

/** A relation of an exposed schema. */
export interface CatalogTable {
  oid: number;
  schema: string;
  name: string;
  /** pg_class.relkind: r, v, m, f or p. */
  kind: string;
  description: string | null;
  /** pg_relation_is_updatable's bit mask (insert 8, update 4, delete 16), for views and foreign tables. */
  updatable: number;
  columns: CatalogColumn[];
}

export interface CatalogColumn {
  attnum: number;
  name: string;
  type: string;
  nominal: string;
  data_type: string;
  nullable: boolean;
  default: string | null;
  max_length: number | null;
  enum: string[] | null;
  description: string | null;
  generated: boolean;
}

/** A primary (p), unique (u) or foreign (f) key, with column names and numbers in key order. */
export interface CatalogKey {
  name: string;
  type: 'p' | 'u' | 'f';
  table: number;
  schema: string;
  relation: string;
  columns: string[];
  attnums: number[];
  /** Foreign keys only: the referenced relation and its columns, in the same order. */
  ref_table: number | null;
  ref_schema: string | null;
  ref_relation: string | null;
  ref_columns: string[] | null;
  ref_attnums: number[] | null;
}

/** A view or materialized view: its columns by attnum and its stored query (node-tree text). */
export interface CatalogView {
  oid: number;
  schema: string;
  name: string;
  columns: string[];
  action: string;
}

export interface CatalogArgument {
  name: string;
  type: string;
  /** proargmodes: i, o, b (inout), v (variadic), t (table column). */
  mode: string;
}

export interface CatalogRoutine {
  schema: string;
  name: string;
  description: string | null;
  args: CatalogArgument[];
  /** Input arguments without a default come first: the first `required` inputs must be given. */
  required: number;
  return_type: string;
  return_schema: string | null;
  return_relation: string | null;
  return_composite: boolean;
  setof: boolean;
  volatility: 'i' | 's' | 'v';
}

export interface CatalogComputed {
  schema: string;
  name: string;
  from_schema: string;
  from_name: string;
  to_schema: string;
  to_name: string;
  to_one: boolean;
}

export interface Catalog {
  version: number;
  tables: CatalogTable[];
  keys: CatalogKey[];
  views: CatalogView[];
  routines: CatalogRoutine[];
  computed: CatalogComputed[];
}

/** A SQL string literal (standard_conforming_strings is on in every supported server). */
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

const RELATION_KINDS = `('r', 'v', 'm', 'f', 'p')`;

/**
 * The statements to send as one simple query: begin, empty search path, the query, commit. The
 * exposed schemas are inlined as literals because a simple query cannot carry parameters.
 */
export function catalogScript(schemas: string[]): string {
  const exposed = `array[${schemas.map(literal).join(', ') || `''`}]::text[]`;
  return `begin isolation level repeatable read read only;
set local search_path to '';
${catalogQuery(exposed)};
commit`;
}

function catalogQuery(exposed: string): string {
  return `select json_build_object(
  'version', current_setting('server_version_num')::int,
  'tables', (${tablesQuery(exposed)}),
  'keys', (${keysQuery()}),
  'views', (${viewsQuery()}),
  'routines', (${routinesQuery(exposed)}),
  'computed', (${computedQuery(exposed)})
) as catalog`;
}

function tablesQuery(exposed: string): string {
  return `select coalesce(json_agg(json_build_object(
    'oid', c.oid::int8, 'schema', n.nspname, 'name', c.relname, 'kind', c.relkind,
    'description', d.description,
    'updatable', case when c.relkind in ('v', 'f') then pg_relation_is_updatable(c.oid::regclass, true) else 0 end,
    'columns', coalesce(cols.columns, '[]')
  ) order by n.nspname, c.relname), '[]')
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = 0
  left join (${columnsQuery(exposed)}) cols on cols.attrelid = c.oid
  where ${exposedRelation('c', 'n', exposed)}`;
}

/** The relations whose columns and rows REST serves: tables, views, foreign tables and partitioned tables (not their partitions) of the exposed schemas. */
function exposedRelation(relation: string, namespace: string, exposed: string): string {
  return `${relation}.relkind in ${RELATION_KINDS} and not ${relation}.relispartition and ${namespace}.nspname = any(${exposed})`;
}

// Every column of every exposed relation in one pass, grouped by relation. Asked as a subquery
// per relation, the server scanned all of pg_type once for each relation: in the gateway's first
// session that kept its start waiting some 40 ms longer (spawn to listening, 149 -> 106 ms).
// A domain's built-in base type names the column in the OpenAPI document, as PostgREST's
// data_type does; max_length comes from information_schema's helpers, which see through domains.
function columnsQuery(exposed: string): string {
  return `select a.attrelid, json_agg(json_build_object(
      'attnum', a.attnum, 'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'nominal', t.typname,
      'data_type', case
        when t.typtype = 'd' and bt.typnamespace = 'pg_catalog'::regnamespace then format_type(t.typbasetype, null)
        when t.typtype <> 'd' and t.typnamespace = 'pg_catalog'::regnamespace then format_type(a.atttypid, null)
        else format_type(a.atttypid, a.atttypmod) end,
      'nullable', not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)),
      'default', case
        when a.attidentity = 'd' then format('nextval(%s)', quote_literal(pg_get_serial_sequence(a.attrelid::regclass::text, a.attname)))
        when a.attgenerated = 's' or a.attidentity = 'a' then null
        else coalesce(pg_get_expr(ad.adbin, ad.adrelid), pg_get_expr(t.typdefaultbin, 0)) end,
      'max_length', information_schema._pg_char_max_length(information_schema._pg_truetypid(a.*, t.*), information_schema._pg_truetypmod(a.*, t.*)),
      'enum', labels.enum,
      'description', cd.description,
      'generated', a.attgenerated = 's' or a.attidentity = 'a'
    ) order by a.attnum) as columns
    from pg_attribute a
    join pg_class ac on ac.oid = a.attrelid
    join pg_namespace an on an.oid = ac.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
    left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
    left join pg_description cd on cd.objoid = a.attrelid and cd.classoid = 'pg_class'::regclass and cd.objsubid = a.attnum
    left join (
      select e.enumtypid, array_agg(e.enumlabel order by e.enumsortorder) as enum from pg_enum e group by e.enumtypid
    ) labels on labels.enumtypid = coalesce(nullif(t.typbasetype, 0), t.oid)
    where a.attnum > 0 and not a.attisdropped and ${exposedRelation('ac', 'an', exposed)}
    group by a.attrelid`;
}

// Every schema's keys, not only the exposed ones': a view of an exposed schema may pass through
// the key columns of a table elsewhere, and a foreign key may point anywhere. Keys inherited by
// partitions (conparentid <> 0) are the parent's, as PostgREST counts them.
function keysQuery(): string {
  return `select coalesce(json_agg(json_build_object(
    'name', k.conname, 'type', k.contype, 'table', k.conrelid::int8, 'schema', rn.nspname, 'relation', r.relname,
    'columns', (select array_agg(a.attname order by o.ord) from unnest(k.conkey) with ordinality o(num, ord) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = o.num),
    'attnums', k.conkey,
    'ref_table', nullif(k.confrelid, 0)::int8, 'ref_schema', fn.nspname, 'ref_relation', f.relname,
    'ref_columns', (select array_agg(a.attname order by o.ord) from unnest(k.confkey) with ordinality o(num, ord) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = o.num),
    'ref_attnums', k.confkey
  ) order by k.conrelid, k.conname), '[]')
  from pg_constraint k
  join pg_class r on r.oid = k.conrelid
  join pg_namespace rn on rn.oid = r.relnamespace
  left join pg_class f on f.oid = k.confrelid
  left join pg_namespace fn on fn.oid = f.relnamespace
  where k.contype in ('p', 'u', 'f') and k.conparentid = 0 and rn.nspname not in ('pg_catalog', 'information_schema')`;
}

function viewsQuery(): string {
  return `select coalesce(json_agg(json_build_object(
    'oid', c.oid::int8, 'schema', n.nspname, 'name', c.relname,
    'columns', (select array_agg(a.attname order by a.attnum) from pg_attribute a where a.attrelid = c.oid and a.attnum > 0),
    'action', w.ev_action::text
  )), '[]')
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite w on w.ev_class = c.oid and w.rulename = '_RETURN'
  where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`;
}

// Arguments come from proallargtypes when a routine has output arguments (proargtypes holds
// inputs only, so zipping it with proargnames would misalign them). A domain's return type is
// read as its base type, as PostgREST does.
function routinesQuery(exposed: string): string {
  return `select coalesce(json_agg(json_build_object(
    'schema', n.nspname, 'name', p.proname, 'description', d.description,
    'args', coalesce((
      select json_agg(json_build_object('name', coalesce(x.name, ''), 'type', x.type::regtype::text, 'mode', coalesce(x.mode, 'i')) order by x.ord)
      from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargmodes::text[], p.proargnames) with ordinality x(type, mode, name, ord)
    ), '[]'),
    'required', p.pronargs - p.pronargdefaults,
    'return_type', format_type(rt.oid, null),
    'return_schema', rn.nspname, 'return_relation', rc.relname,
    'return_composite', rt.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false),
    'setof', p.proretset, 'volatility', p.provolatile
  ) order by n.nspname, p.proname, p.oid), '[]')
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join lateral (
    with recursive base(oid, basetype) as (
      select t.oid, t.typbasetype from pg_type t where t.oid = p.prorettype
      union all
      select t.oid, t.typbasetype from base join pg_type t on t.oid = base.basetype where base.basetype <> 0
    ) select oid from base where basetype = 0
  ) b on true
  join pg_type rt on rt.oid = b.oid
  left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ${RELATION_KINDS}
  left join pg_namespace rn on rn.oid = rc.relnamespace
  left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass and d.objsubid = 0
  where n.nspname = any(${exposed}) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`;
}

// PostgREST's rule: one argument of a relation's row type, returning a relation's row type; one
// row (not setof, or rows 1) makes it to-one. Only pairs of exposed relations can be embedded.
function computedQuery(exposed: string): string {
  return `select coalesce(json_agg(json_build_object(
    'schema', n.nspname, 'name', p.proname,
    'from_schema', fn.nspname, 'from_name', fc.relname, 'to_schema', tn.nspname, 'to_name', tc.relname,
    'to_one', not p.proretset or p.prorows = 1
  ) order by n.nspname, p.proname), '[]')
  from pg_proc p
  join pg_namespace n on n.oid = p.pronamespace
  join pg_class fc on fc.reltype = p.proargtypes[0] and fc.relkind in ${RELATION_KINDS}
  join pg_namespace fn on fn.oid = fc.relnamespace
  join pg_class tc on tc.reltype = p.prorettype and tc.relkind in ${RELATION_KINDS}
  join pg_namespace tn on tn.oid = tc.relnamespace
  where p.pronargs = 1 and fn.nspname = any(${exposed}) and tn.nspname = any(${exposed})`;
}
