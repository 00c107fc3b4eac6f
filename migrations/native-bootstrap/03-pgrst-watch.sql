-- The platform image's two event triggers that tell the REST API its schema cache is stale: any
-- DDL that can change what PostgREST serves (a table, view, function, type, trigger, rule, schema
-- or comment) and any drop of such an object sends `NOTIFY pgrst, 'reload schema'`. The native
-- gateway's REST service listens on that channel, so a table made in psql or by a migration is
-- served at once, as on the docker runtime. The docker runtime's image brings its own copies.

create or replace function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $watch$
declare
  command record;
begin
  for command in select * from pg_event_trigger_ddl_commands() loop
    if command.command_tag in (
      'CREATE SCHEMA', 'ALTER SCHEMA', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO', 'ALTER TABLE',
      'CREATE FOREIGN TABLE', 'ALTER FOREIGN TABLE', 'CREATE VIEW', 'ALTER VIEW',
      'CREATE MATERIALIZED VIEW', 'ALTER MATERIALIZED VIEW', 'CREATE FUNCTION', 'ALTER FUNCTION',
      'CREATE TRIGGER', 'CREATE TYPE', 'ALTER TYPE', 'CREATE RULE', 'COMMENT'
    ) and command.schema_name is distinct from 'pg_temp' then
      notify pgrst, 'reload schema';
    end if;
  end loop;
end
$watch$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $watch$
declare
  dropped record;
begin
  for dropped in select * from pg_event_trigger_dropped_objects() loop
    if dropped.object_type in ('schema', 'table', 'foreign table', 'view', 'materialized view', 'function', 'trigger', 'type', 'rule')
      and not dropped.is_temporary then
      notify pgrst, 'reload schema';
    end if;
  end loop;
end
$watch$;

do $triggers$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute procedure extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute procedure extensions.pgrst_drop_watch();
  end if;
end
$triggers$;

-- Owned as on the platform, where supabase_admin made them.
alter function extensions.pgrst_ddl_watch() owner to supabase_admin;
alter function extensions.pgrst_drop_watch() owner to supabase_admin;
alter event trigger pgrst_ddl_watch owner to supabase_admin;
alter event trigger pgrst_drop_watch owner to supabase_admin;
