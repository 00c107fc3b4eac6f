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

-- Exposed by the API configuration (`[api] schemas`); pg_graphql fills it where it exists.
create schema if not exists graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;

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
