/**
 * Test support: a compact, line-per-object text of what the catalog holds for some schemas
 * (owners, ACLs, tables, columns, constraints, indexes, triggers, sequences, types, functions,
 * comments, default privileges), sorted so two databases can be compared with a plain diff.
 * ACL entries leave the grantor out and are sorted by grantee.
 */
import type pg from 'pg';
import { createTwoFilesPatch } from 'diff';

const QUERIES: Record<string, string> = {
  schema: `
    select n.nspname as key, format('schema %s owner=%s acl=%s', n.nspname, pg_get_userbyid(n.nspowner), acl(n.nspacl)) as line
    from pg_namespace n where n.nspname = any($1)`,
  table: `
    select n.nspname || '.' || c.relname as key,
      format('table %s.%s owner=%s rls=%s acl=%s', n.nspname, c.relname, pg_get_userbyid(c.relowner),
        case when c.relrowsecurity then 'on' else 'off' end, acl(c.relacl)) as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm')`,
  column: `
    select n.nspname || '.' || c.relname || '.' || lpad(a.attnum::text, 3, '0') as key,
      format('column %s.%s %s %s%s%s%s', n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
        case when a.attnotnull then ' not null' else '' end,
        case when a.attidentity <> '' then ' identity=' || a.attidentity::text else '' end,
        case when d.adbin is null then ''
             when a.attgenerated = 's' then ' generated ' || pg_get_expr(d.adbin, d.adrelid)
             else ' default ' || pg_get_expr(d.adbin, d.adrelid) end) as line
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'c') and a.attnum > 0 and not a.attisdropped`,
  constraint: `
    select n.nspname || '.' || c.relname || '.' || k.conname as key,
      format('constraint %s.%s %s %s', n.nspname, c.relname, quote_ident(k.conname), pg_get_constraintdef(k.oid)) as line
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1)`,
  index: `
    select n.nspname || '.' || i.relname as key,
      format('index %s.%s %s', n.nspname, t.relname, regexp_replace(pg_get_indexdef(i.oid), ' ON [^ ]+ USING ', ' USING ')) as line
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = i.relnamespace
    where n.nspname = any($1) and not exists (select 1 from pg_constraint k where k.conindid = i.oid and k.contype in ('p', 'u'))`,
  trigger: `
    select n.nspname || '.' || c.relname || '.' || g.tgname as key,
      format('trigger %s.%s %s', n.nspname, c.relname, regexp_replace(pg_get_triggerdef(g.oid), '^CREATE TRIGGER ', '')) as line
    from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and not g.tgisinternal`,
  sequence: `
    select n.nspname || '.' || c.relname as key,
      format('sequence %s.%s owner=%s%s acl=%s', n.nspname, c.relname, pg_get_userbyid(c.relowner),
        coalesce(' owned-by=' || (
          select t.relname || '.' || a.attname from pg_depend d
          join pg_class t on t.oid = d.refobjid
          join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
          where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i')), ''),
        acl(c.relacl)) as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any($1) and c.relkind = 'S'`,
  type: `
    select n.nspname || '.' || t.typname as key,
      format('type %s.%s owner=%s %s', n.nspname, t.typname, pg_get_userbyid(t.typowner),
        case t.typtype
          when 'e' then 'enum ' || (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid)
          when 'c' then 'composite'
          else 'kind=' || t.typtype::text end) as line
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = any($1) and (t.typtype = 'e' or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))`,
  function: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as key,
      format('function %s.%s(%s) returns %s lang=%s %s%s%s%s owner=%s acl=%s', n.nspname, quote_ident(p.proname),
        pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), l.lanname,
        case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end,
        case when p.proisstrict then ' strict' else '' end,
        case when p.prosecdef then ' security-definer' else '' end,
        coalesce(' set=' || array_to_string(p.proconfig, ';'), ''),
        pg_get_userbyid(p.proowner), acl(p.proacl)) as line
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where n.nspname = any($1)`,
  comment: `
    select coalesce(n.nspname || '.' || c.relname || coalesce('.' || a.attname, ''), pn.nspname || '.' || p.proname) as key,
      format('comment %s %s', case
        when c.oid is not null and a.attname is not null then n.nspname || '.' || c.relname || '.' || a.attname
        when c.oid is not null then n.nspname || '.' || c.relname
        else pn.nspname || '.' || p.proname || '()' end, quote_literal(d.description)) as line
    from pg_description d
    left join pg_class c on d.classoid = 'pg_class'::regclass and c.oid = d.objoid
    left join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on c.oid is not null and a.attrelid = c.oid and a.attnum = d.objsubid and d.objsubid > 0
    left join pg_proc p on d.classoid = 'pg_proc'::regclass and p.oid = d.objoid
    left join pg_namespace pn on pn.oid = p.pronamespace
    where coalesce(n.nspname, pn.nspname) = any($1)`,
  'default-acl': `
    select n.nspname || '.' || d.defaclobjtype::text || '.' || pg_get_userbyid(d.defaclrole) as key,
      format('default-acl %s for=%s on=%s acl=%s', n.nspname, pg_get_userbyid(d.defaclrole),
        case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions' else d.defaclobjtype::text end,
        acl(d.defaclacl)) as line
    from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace
    where n.nspname = any($1)`,
};

/** The bookkeeping rows of the services' migration runners, as `rows <table> <key values>`. */
const ROWS = `
  select 'auth.schema_migrations' as key, 'rows auth.schema_migrations ' || string_agg(version, ' ' order by version) as line
  from auth.schema_migrations
  union all
  select 'storage.migrations', 'rows storage.migrations ' || string_agg(id || ':' || name, ' ' order by id) from storage.migrations
  union all
  select 'realtime.schema_migrations', 'rows realtime.schema_migrations ' || string_agg(version::text, ' ' order by version) from realtime.schema_migrations
  union all
  select 'supabase_functions.migrations', 'rows supabase_functions.migrations ' || string_agg(version, ' ' order by version) from supabase_functions.migrations`;

/** Spelled-out ACL: sorted `grantee=privileges` items without grantors; `-` when the ACL is the default. */
const ACL_FUNCTION = `
  create or replace function pg_temp.acl(items aclitem[]) returns text language sql stable as $$
    select coalesce(string_agg(entry, ' ' order by entry), '-') from (
      select case when e.grantee = 0 then 'PUBLIC' else pg_get_userbyid(e.grantee) end || '='
        || string_agg(case e.privilege_type
             when 'SELECT' then 'r' when 'INSERT' then 'a' when 'UPDATE' then 'w' when 'DELETE' then 'd'
             when 'TRUNCATE' then 'D' when 'REFERENCES' then 'x' when 'TRIGGER' then 't' when 'EXECUTE' then 'X'
             when 'USAGE' then 'U' when 'CREATE' then 'C' else '?' end
             || case when e.is_grantable then '*' else '' end, ''
             order by strpos('arwdDxtXUC', case e.privilege_type when 'SELECT' then 'r' when 'INSERT' then 'a' when 'UPDATE' then 'w'
               when 'DELETE' then 'd' when 'TRUNCATE' then 'D' when 'REFERENCES' then 'x' when 'TRIGGER' then 't'
               when 'EXECUTE' then 'X' when 'USAGE' then 'U' when 'CREATE' then 'C' end)) as entry
      from aclexplode(items) e
      group by e.grantee
    ) entries
  $$`;

/** The catalog of `schemas`, one line per object, in a stable order. */
export async function catalogSnapshot(client: pg.Client, schemas: string[]): Promise<string> {
  await client.query(ACL_FUNCTION);
  const lines: string[] = [];
  for (const [kind, sql] of Object.entries(QUERIES)) {
    const result = await client.query<{ key: string; line: string }>(sql.replace(/\bacl\(/g, 'pg_temp.acl('), [schemas]);
    const sorted = result.rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    lines.push(`# ${kind}`, ...sorted.map((row) => row.line));
  }
  return `${lines.join('\n')}\n`;
}

/** The migration bookkeeping rows of auth, storage, realtime and supabase_functions, one line each. */
export async function migrationRows(client: pg.Client): Promise<string> {
  const result = await client.query<{ key: string; line: string }>(ROWS);
  return `${result.rows.map((row) => row.line).join('\n')}\n`;
}

/** The lines of a fixture that carry facts: comments (`--`) and blank lines are left out. */
export function factLines(fixture: string): string {
  return `${fixture.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('--')).join('\n')}\n`;
}

/** A unified diff from `expected` to `actual`, or undefined when they are the same. */
export function catalogDiff(expected: string, actual: string): string | undefined {
  if (expected === actual) return undefined;
  return createTwoFilesPatch('expected (fixture)', 'actual (database)', expected, actual, '', '', { context: 1 });
}
