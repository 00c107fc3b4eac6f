-- Roles of a Supabase database, created once per cluster (roles are cluster-wide).
-- Written to be re-runnable: each role is created only when missing.
-- Login roles get the local password `postgres`, like the local stack of the original CLI.

do $bootstrap$
declare
  spec record;
begin
  for spec in
    select * from (values
      ('anon',                       'nologin noinherit'),
      ('authenticated',              'nologin noinherit'),
      ('service_role',               'nologin noinherit bypassrls'),
      ('authenticator',              'login noinherit'),
      ('supabase_admin',             'login superuser createdb createrole replication bypassrls'),
      ('supabase_auth_admin',        'login noinherit createrole'),
      ('supabase_storage_admin',     'login noinherit createrole'),
      ('supabase_functions_admin',   'login noinherit createrole'),
      ('supabase_replication_admin', 'login replication'),
      ('supabase_read_only_user',    'login bypassrls'),
      ('dashboard_user',             'nologin createdb createrole replication'),
      ('pgbouncer',                  'login')
    ) as r(name, options)
  loop
    if not exists (select 1 from pg_roles where rolname = spec.name) then
      execute format('create role %I with %s', spec.name, spec.options);
    end if;
    if spec.options like 'login%' then
      execute format('alter role %I with password %L', spec.name, 'postgres');
    end if;
  end loop;
end
$bootstrap$;

-- PostgREST connects as authenticator and switches to the role named in the JWT.
grant anon, authenticated, service_role to authenticator;
-- Tests and policies `set role` to these from postgres.
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;
grant pg_read_all_data to supabase_read_only_user;

-- Short statement timeouts for API roles, as on the platform (a runaway request cannot hold a lock).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';

-- Real projects call uuid_generate_v4(), crypt() and vector types unqualified.
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_admin set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path to auth;
alter role supabase_storage_admin set search_path to storage;
