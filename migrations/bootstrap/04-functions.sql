-- The schema of database webhooks, as the original CLI's start-up template creates it: a
-- trigger function that queues an HTTP request through pg_net for each row change, and the
-- audit trail of the hooks it fired. Facts: service-schemas.md 3.6.
-- Creating webhook triggers works everywhere; firing one needs the pg_net extension.

alter role supabase_functions_admin set search_path = supabase_functions;
grant supabase_functions_admin to postgres;

create schema if not exists supabase_functions authorization supabase_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
grant all on schema supabase_functions to supabase_functions_admin;
alter default privileges for role supabase_admin in schema supabase_functions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema supabase_functions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema supabase_functions grant all on sequences to postgres, anon, authenticated, service_role;

-- Created by supabase_admin (so the default privileges above apply), then handed to the
-- functions admin role, as the template does.
set role supabase_admin;

create table supabase_functions.migrations (
  version text not null,
  inserted_at timestamptz not null default now(),
  constraint migrations_pkey primary key (version)
);
insert into supabase_functions.migrations (version) values ('initial'), ('20210809183423_update_grants');

create table supabase_functions.hooks (
  id bigserial not null,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint,
  constraint hooks_pkey primary key (id)
);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';
create index supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks using btree (hook_table_id, hook_name);

-- Trigger arguments: url, method (GET or POST), headers (JSON), params (JSON), timeout in ms;
-- the text 'null' stands for an argument left out.
create function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = supabase_functions as $fn$
declare
  request_id bigint;
  payload jsonb;
  url text := nullif(TG_ARGV[0]::text, 'null');
  method text := nullif(TG_ARGV[1]::text, 'null');
  headers jsonb := coalesce(nullif(TG_ARGV[2]::text, 'null'), '{"Content-Type": "application/json"}')::jsonb;
  params jsonb := coalesce(nullif(TG_ARGV[3]::text, 'null'), '{}')::jsonb;
  timeout_ms integer := coalesce(nullif(TG_ARGV[4]::text, 'null'), '1000')::integer;
begin
  if url is null then
    raise exception 'url argument is missing';
  end if;
  if method is null then
    raise exception 'method argument is missing';
  end if;
  if method = 'GET' then
    select net.http_get(url, params, headers, timeout_ms) into request_id;
  elsif method = 'POST' then
    payload := jsonb_build_object(
      'old_record', OLD,
      'record', NEW,
      'type', TG_OP,
      'table', TG_TABLE_NAME,
      'schema', TG_TABLE_SCHEMA
    );
    select net.http_post(url, payload, params, headers, timeout_ms) into request_id;
  else
    raise exception 'method argument % is invalid', method;
  end if;
  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (TG_RELID, TG_NAME, request_id);
  return NEW;
end
$fn$;

reset role;

alter table supabase_functions.migrations owner to supabase_functions_admin;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;
