-- service schema: storage
-- The storage schema as the storage server (storage-api v0.46.4, the version CLI 1.145.4 runs)
-- leaves it on top of the Postgres image's starting point: buckets, objects, its migrations
-- table, the seven functions, constraint and index names, owners and grants.
-- Facts: shared/reference/service-schemas.md section 1. No storage server runs on the
-- native runtime; these are its tables, not a stand-in for it.

create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to anon, authenticated, service_role;
grant all on schema storage to postgres, supabase_storage_admin, dashboard_user;
-- The image sets these for objects that postgres creates in storage (projects' own tables).
alter default privileges for role postgres in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

set role supabase_storage_admin;

create table storage.buckets (
  id text not null,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  constraint buckets_pkey primary key (id)
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index bname on storage.buckets using btree (name);

create table storage.objects (
  id uuid not null default gen_random_uuid(),
  bucket_id text,
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  constraint objects_pkey primary key (id),
  -- Mixed case, as the storage server names it; projects' migrations refer to it quoted.
  constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id)
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
create index name_prefix_search on storage.objects using btree (name text_pattern_ops);

create table storage.migrations (
  id integer not null,
  name varchar(100) not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp,
  constraint migrations_pkey primary key (id),
  constraint migrations_name_key unique (name)
);

-- The rows the storage server's migration runner leaves: id, name and the SHA-1 of file name plus
-- contents of each of its migration files at v0.46.4 (0 is the runner's own), so a real
-- storage server pointed at this database finds its history intact and nothing to migrate.
insert into storage.migrations (id, name, hash) values
  (0, 'create-migrations-table', 'e18db593bcde2aca2a408c4d1100f6abba2195df'),
  (1, 'initialmigration', '6ab16121fbaa08bbd11b712d05f358f9b555d777'),
  (2, 'storage-schema', '5c7968fd083fcea04050c1b7f6253c9771b99011'),
  (3, 'pathtoken-column', '2cb1b0004b817b29d5b0a971af16bafeede4b70d'),
  (4, 'add-migrations-rls', '427c5b63fe1c5937495d9c635c263ee7a5905058'),
  (5, 'add-size-functions', '79e081a1455b63666c1294a440f8ad4b1e6a7f84'),
  (6, 'change-column-name-in-get-size', 'f93f62afdf6613ee5e7e815b30d02dc990201044'),
  (7, 'add-rls-to-buckets', 'e7e7f86adbc51049f341dfe8d30256c1abca17aa'),
  (8, 'add-public-to-buckets', 'fd670db39ed65f9d08b01db09d6202503ca2bab3'),
  (9, 'fix-search-function', '3a0af29f42e35a4d101c259ed955b67e1bee6825'),
  (10, 'search-files-search-function', '68dc14822daad0ffac3746a502234f486182ef6e'),
  (11, 'add-trigger-to-auto-update-updated_at-column', '7425bdb14366d1739fa8a18c83100636d74dcaa2'),
  (12, 'add-automatic-avif-detection-flag', '8e92e1266eb29518b6a4c5313ab8f29dd0d08df9'),
  (13, 'add-bucket-custom-limits', 'cce962054138135cd9a8c4bcd531598684b25e7d'),
  (14, 'use-bytes-for-max-size', '941c41b346f9802b411f06f30e972ad4744dad27'),
  (15, 'add-can-insert-object-function', '934146bc38ead475f4ef4b555c524ee5d66799e5'),
  (16, 'add-version', '76debf38d3fd07dcfc747ca49096457d95b1221b'),
  (17, 'drop-owner-foreign-key', 'f1cbb288f1b7a4c1eb8c38504b80ae2a0153d101'),
  (18, 'add_owner_id_column_deprecate_owner', 'e7a511b379110b08e2f214be852c35414749fe66'),
  (19, 'alter-default-value-objects-id', '02e5e22a78626187e00d173dc45f58fa66a4f043');

-- Access goes through policies that projects write; none exist by default.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;

-- Every path segment but the last: storage.foldername('a/b/c.png') = {a,b}.
create function storage.foldername(name text) returns text[] language plpgsql as $fn$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[1 : array_length(segments, 1) - 1];
end
$fn$;

-- The last path segment: storage.filename('a/b/c.png') = 'c.png'.
create function storage.filename(name text) returns text language plpgsql as $fn$
declare
  segments text[] := string_to_array(name, '/');
begin
  return segments[array_length(segments, 1)];
end
$fn$;

-- What follows the last dot of the last segment ('a.tar.gz' gives 'gz'); a name without a dot
-- comes back whole, as the storage server's version does.
create function storage.extension(name text) returns text language plpgsql as $fn$
declare
  segments text[] := string_to_array(name, '/');
begin
  return reverse(split_part(reverse(segments[array_length(segments, 1)]), '.', 1));
end
$fn$;

-- One listing level of a bucket: the folders at `levels` (objects deeper than it, one row per
-- distinct folder name, sorted by name), then the files at exactly that depth, sorted as asked;
-- the limit and offset apply to the two together. Sort column and order are whitelisted because
-- they are spliced into the query.
create function storage.search(
  prefix text,
  bucketname text,
  limits integer default 100,
  levels integer default 1,
  offsets integer default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $fn$
declare
  sort_by text := case when lower(sortcolumn) in ('name', 'updated_at', 'created_at', 'last_accessed_at') then lower(sortcolumn) else 'name' end;
  direction text := case when lower(sortorder) in ('asc', 'desc') then lower(sortorder) else 'asc' end;
begin
  return query execute format(
    $q$
    with matching as (
      select o.path_tokens, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
      from storage.objects o
      where o.bucket_id = $1 and o.name ilike $2 || $3 || '%%'
    )
    (
      select distinct m.path_tokens[$4] as name, null::uuid as id, null::timestamptz as updated_at,
        null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
      from matching m
      where array_length(m.path_tokens, 1) <> $4
      order by 1
    )
    union all
    (
      select m.path_tokens[$4] as name, m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata
      from matching m
      where array_length(m.path_tokens, 1) = $4
      order by %I %s
    )
    limit $5 offset $6
    $q$, sort_by, direction)
  using bucketname, prefix, search, levels, limits, offsets;
end
$fn$;

-- Bytes used per bucket, from the size the server records in each object's metadata.
create function storage.get_size_by_bucket() returns table (size bigint, bucket_id text) language plpgsql as $fn$
begin
  return query
    select sum((o.metadata ->> 'size')::int)::bigint, o.bucket_id
    from storage.objects as o
    group by o.bucket_id;
end
$fn$;

-- A dry run of an upload: the insert runs under the caller's policies, then is always undone by
-- the error the storage server expects (SQLSTATE PT200).
create function storage.can_insert_object(bucketid text, name text, owner uuid, metadata jsonb) returns void language plpgsql as $fn$
begin
  insert into storage.objects (bucket_id, name, owner, metadata) values (bucketid, name, owner, metadata);
  raise sqlstate 'PT200' using message = 'ROLLBACK', detail = 'rollback successful insert';
end
$fn$;

create function storage.update_updated_at_column() returns trigger language plpgsql as $fn$
begin
  new.updated_at = now();
  return new;
end
$fn$;

create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

reset role;

-- The image created the three tables as postgres under its default privileges; the grants stayed.
grant all on storage.buckets, storage.objects, storage.migrations to postgres, anon, authenticated, service_role;
