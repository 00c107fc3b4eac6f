-- Native runtime only: pg_net is preinstalled in schema `extensions`, as the original's local
-- stack creates it, so database webhooks (supabase_functions.http_request) fire without a
-- migration creating it, and `create extension if not exists pg_net` stays a no-op. Ours comes
-- from native-extensions/pg_net; its requests are sent by the worker process the native stack
-- runs. The grants are those the platform's pg_net hook (extensions.grant_pg_net_access) gives:
-- the schema to the API roles, and the two request functions to them rather than to everyone.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
    grant usage on schema net to supabase_functions_admin, postgres, anon, authenticated, service_role;
    alter function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
    alter function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) set search_path = net;
    revoke all on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
    revoke all on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) from public;
    grant execute on function net.http_get(url text, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
    grant execute on function net.http_post(url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer) to supabase_functions_admin, postgres, anon, authenticated, service_role;
  end if;
end;
$$;
