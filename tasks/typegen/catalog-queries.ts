/**
 * The catalogue queries behind type generation. Every query takes the included schemas as $1 and
 * filters in SQL, so a database with thousands of tables outside them costs nothing extra.
 */

/**
 * The included schemas that exist and that the user may use, never the system ones (as
 * postgres-meta's schema list).
 */
export const SCHEMAS_SQL = `
select n.nspname as name
from pg_namespace n
where n.nspname = any($1::text[])
  and n.nspname not in ('information_schema', 'pg_catalog', 'pg_toast')
  and (pg_has_role(n.nspowner, 'USAGE') or has_schema_privilege(n.oid, 'CREATE, USAGE'))`;

/**
 * Tables (plain and partitioned) the user can reach, views and materialized views. Foreign tables
 * are left out: postgres-meta v0.77.2 lists no foreign tables (later versions put them in Tables).
 */
export const RELATIONS_SQL = `
select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind::text as relkind,
  -- postgres-meta calls a view updatable when both UPDATE and DELETE go through (mask 4 | 16)
  (c.relkind = 'v' and pg_relation_is_updatable(c.oid, false) & 20 = 20) as is_updatable
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm')
  and (c.relkind in ('v', 'm') or pg_has_role(c.relowner, 'USAGE')
    or has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
    or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))`;

/** Columns of those relations, with domains resolved to their base type. */
export const COLUMNS_SQL = `
select a.attrelid::int8 as table_id, a.attname as name,
  coalesce(bt.typname, t.typname) as format,
  not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
  a.attidentity in ('a', 'd') as is_identity,
  case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
  case when a.atthasdef then pg_get_expr(ad.adbin, ad.adrelid) end as default_value,
  (c.relkind in ('r', 'p') or (c.relkind = 'v' and pg_column_is_updatable(c.oid, a.attnum, false))) as is_updatable
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm')
  and a.attnum > 0 and not a.attisdropped
  and (pg_has_role(c.relowner, 'USAGE') or has_column_privilege(c.oid, a.attnum, 'SELECT, INSERT, UPDATE, REFERENCES'))`;

/**
 * Views and materialized views outside the system schemas, with their stored query and column
 * names: relationships through views are read from them (see view-origins.ts). Views of any
 * schema count, since a key of an included table can point at a view elsewhere.
 */
export const VIEW_SOURCES_SQL = `
select c.oid::int8 as id, n.nspname as schema, c.relname as name,
  array(select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 order by a.attnum)::text[] as columns,
  array(select r.ev_action::text from pg_rewrite r where r.ev_class = c.oid order by r.oid) as actions
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('v', 'm') and n.nspname not in ('information_schema', 'pg_catalog', 'pg_toast')`;

/**
 * Foreign keys (not the copies partitions inherit) of the included schemas' tables ($1), or
 * touching a table that some view shows ($2, oids). One-to-one means the key's columns, in key
 * order, are exactly those of a primary key or unique constraint in column order.
 */
export const FOREIGN_KEYS_SQL = `
select k.conname as foreign_key_name, sn.nspname as schema, sc.relname as relation,
  k.conrelid::int8 as table_id, k.conkey::int2[] as column_numbers,
  array(select a.attname from unnest(k.conkey) with ordinality u(num, ord)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num order by u.ord)::text[] as columns,
  exists (select 1 from pg_constraint uq
          where uq.conrelid = k.conrelid and uq.contype in ('p', 'u')
            and k.conkey = array(select n from unnest(uq.conkey) n order by n)) as is_one_to_one,
  rn.nspname as referenced_schema, rc.relname as referenced_relation,
  k.confrelid::int8 as referenced_table_id, k.confkey::int2[] as referenced_column_numbers,
  array(select a.attname from unnest(k.confkey) with ordinality u(num, ord)
        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num order by u.ord)::text[] as referenced_columns
from pg_constraint k
join pg_class sc on sc.oid = k.conrelid
join pg_namespace sn on sn.oid = sc.relnamespace
join pg_class rc on rc.oid = k.confrelid
join pg_namespace rn on rn.oid = rc.relnamespace
where k.contype = 'f' and k.conparentid = 0
  and (sn.nspname = any($1::text[]) or k.conrelid = any($2::oid[]) or k.confrelid = any($2::oid[]))
order by k.oid`;

/**
 * Plain functions (no procedures or aggregates) that do not return triggers. Argument modes and
 * types come from proallargtypes when there are output arguments, else from proargtypes.
 */
export const FUNCTIONS_SQL = `
select p.oid::int8 as id, n.nspname as schema, p.proname as name,
  pg_get_function_arguments(p.oid) as argument_types,
  p.prorettype::int8 as return_type_id,
  nullif(rt.typrelid, 0)::int8 as return_type_relation_id,
  p.proretset as is_set_returning,
  p.pronargs as nargs, p.pronargdefaults as nargdefaults,
  coalesce(p.proallargtypes::int8[], p.proargtypes::int8[]) as arg_types,
  coalesce(p.proargmodes::text[], array[]::text[]) as arg_modes,
  coalesce(p.proargnames, array[]::text[]) as arg_names
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1::text[]) and p.prokind = 'f'
  and rt.typname not in ('trigger', 'event_trigger')
order by p.oid`;

/**
 * Types of every schema, as postgres-meta lists them for the generator: base, array, enum and
 * standalone composite types, but not the row types of tables and views.
 */
export const TYPES_SQL = `
select t.oid::int8 as id, n.nspname as schema, t.typname as name,
  -- Only enums and composites have members; skipping the lookups for the rest keeps this quick.
  case when t.typtype = 'e' then
    (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)::text[]
  else array[]::text[] end as enums,
  case when t.typtype = 'c' then
    coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
              from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]')
  else '[]' end as attributes
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
left join pg_class c on c.oid = t.typrelid
where t.typrelid = 0 or c.relkind = 'c'
order by t.oid`;
