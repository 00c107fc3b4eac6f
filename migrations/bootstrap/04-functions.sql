-- The schema of database webhooks: a trigger function that queues an HTTP request through
-- pg_net for each row change. Creating webhook triggers works everywhere; firing one needs the
-- pg_net extension, which the native runtime does not have, and then fails saying so.

create schema if not exists supabase_functions authorization supabase_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema supabase_functions grant all on sequences to postgres, anon, authenticated, service_role;

create table if not exists supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);

create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index if not exists supabase_functions_hooks_request_id_idx on supabase_functions.hooks using btree (request_id);
create index if not exists supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks using btree (hook_table_id, hook_name);

-- Trigger arguments: url, method (GET or POST), headers (JSON), params (JSON), timeout in ms.
create or replace function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = supabase_functions as $fn$
declare
  request_id bigint;
  payload jsonb;
  url text := TG_ARGV[0]::text;
  method text := TG_ARGV[1]::text;
  headers jsonb := coalesce(TG_ARGV[2]::jsonb, '{}'::jsonb);
  params jsonb := coalesce(TG_ARGV[3]::jsonb, '{}'::jsonb);
  timeout_ms integer := coalesce(TG_ARGV[4]::integer, 1000);
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;
  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;
  if method = 'GET' then
    select net.http_get(url, params, headers, timeout_ms) into request_id;
  elsif method = 'POST' then
    payload := jsonb_build_object(
      'old_record', case when TG_OP in ('UPDATE', 'DELETE') then to_jsonb(OLD) end,
      'record', case when TG_OP in ('INSERT', 'UPDATE') then to_jsonb(NEW) end,
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
  return coalesce(NEW, OLD);
end
$fn$;

grant all on all tables in schema supabase_functions to postgres, supabase_functions_admin;
grant all on all sequences in schema supabase_functions to postgres, supabase_functions_admin;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;
