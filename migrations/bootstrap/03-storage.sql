-- The storage schema as the storage server leaves it: buckets, objects and the path helpers
-- used in storage policies. No storage server runs on the native runtime.

create schema if not exists storage authorization supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to postgres, dashboard_user;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

set role supabase_storage_admin;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default extensions.uuid_generate_v4(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);

-- Access goes through policies that projects write on these tables.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) not null unique,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

-- Every path segment but the last: storage.foldername('a/b/c.png') = {a,b}.
create or replace function storage.foldername(name text) returns text[] language plpgsql as $fn$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$fn$;

-- The last path segment: storage.filename('a/b/c.png') = 'c.png'.
create or replace function storage.filename(name text) returns text language plpgsql as $fn$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$fn$;

-- The text between the first and second dot of the last segment ('a.tar.gz' gives 'tar'):
-- the storage server's own definition, kept as is because policies depend on its result.
create or replace function storage.extension(name text) returns text language plpgsql as $fn$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return split_part(_filename, '.', 2);
end
$fn$;

reset role;

grant all on storage.buckets, storage.objects to postgres, anon, authenticated, service_role, dashboard_user;
grant all on storage.migrations to postgres, dashboard_user;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
