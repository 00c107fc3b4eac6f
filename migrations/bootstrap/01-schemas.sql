-- Schemas and extensions every Supabase database has, and the default privileges of `public`.

create schema if not exists extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin, dashboard_user;
alter default privileges in schema extensions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema extensions grant all on sequences to postgres, anon, authenticated, service_role;

-- Only what real projects expect to be there already; `http` and `vector` must NOT be
-- preinstalled, because projects create them without IF NOT EXISTS.
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_stat_statements with schema extensions;

-- Exposed by the API configuration (`[api] schemas`). The platform's pg_graphql replaces the
-- function below with its resolver; where the extension is absent (the native runtime) the
-- original stack keeps this placeholder of the same signature, which answers with an error.
-- Facts: shared/reference/service-schemas.md 3.3 and 3.5.
create schema if not exists graphql_public authorization supabase_admin;
grant usage on schema graphql_public to anon, authenticated, service_role;
grant usage on schema graphql_public to postgres with grant option;
alter default privileges for role supabase_admin in schema graphql_public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema graphql_public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema graphql_public grant all on sequences to postgres, anon, authenticated, service_role;
do $bootstrap$
begin
  if not exists (select 1 from pg_proc where proname = 'graphql' and pronamespace = 'graphql_public'::regnamespace) then
    set local role supabase_admin;
    create function graphql_public.graphql(
      "operationName" text default null,
      query text default null,
      variables jsonb default null,
      extensions jsonb default null
    ) returns jsonb language plpgsql as $fn$
    begin
      return jsonb_build_object('errors', jsonb_build_array(jsonb_build_object('message', 'pg_graphql extension is not enabled.')));
    end
    $fn$;
    reset role;
  end if;
end
$bootstrap$;

-- The realtime server's control-plane and the analytics schemas, created empty by the original
-- CLI's start-up template (the `realtime` schema itself is 05-realtime.sql).
create schema if not exists _realtime authorization postgres;
create schema if not exists _analytics authorization postgres;

-- The API roles use `public`; objects that postgres or supabase_admin create there are
-- readable and writable by them unless a migration revokes it.
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Realtime broadcasts changes of the tables added to this publication. It starts empty.
do $bootstrap$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$bootstrap$;
