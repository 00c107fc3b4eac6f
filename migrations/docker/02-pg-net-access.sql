-- The docker runtime's initial schema, part 3 (see 00-settings.sql): who may send requests
-- through pg_net. The API roles and the webhooks' role get its schema and its two request
-- functions, which run as their owner with a fixed search path; nobody else may call them.
-- An event trigger gives the same rights again whenever pg_net is created anew (a project that
-- drops and recreates it).

-- Left by older images; pg_net no longer has a role of its own.
do $initial$
begin
  if exists (select 1 from pg_roles where rolname = 'supabase_pg_net_admin') then
    reassign owned by supabase_pg_net_admin to supabase_admin;
    drop owned by supabase_pg_net_admin;
    drop role supabase_pg_net_admin;
  end if;
end
$initial$;

create or replace function extensions.grant_pg_net_access() returns event_trigger
language plpgsql as $fn$
begin
  if not exists (select 1 from pg_extension where extname = 'pg_net') then
    return;
  end if;
  -- From the event trigger, only when the command just run created pg_net.
  if tg_tag = 'CREATE EXTENSION' and not exists (
    select 1 from pg_event_trigger_ddl_commands() as command
    join pg_extension as ext on ext.oid = command.objid
    where ext.extname = 'pg_net'
  ) then
    return;
  end if;
  grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
  alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
  alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
  alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
  alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
  revoke all on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
  revoke all on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
  grant execute on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
  grant execute on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
end
$fn$;
comment on function extensions.grant_pg_net_access() is 'Grants access to pg_net';

-- pg_net was created in part 1, before the trigger existed: give the rights once now.
do $initial$
begin
  if exists (select 1 from pg_extension where extname = 'pg_net') then
    grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
    alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
    alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) security definer;
    alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
    alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
    revoke all on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
    revoke all on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
    grant execute on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
    grant execute on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
  end if;
end
$initial$;

do $initial$
begin
  if not exists (select 1 from pg_event_trigger where evtname = 'issue_pg_net_access') then
    create event trigger issue_pg_net_access on ddl_command_end when tag in ('CREATE EXTENSION')
      execute function extensions.grant_pg_net_access();
  end if;
end
$initial$;
