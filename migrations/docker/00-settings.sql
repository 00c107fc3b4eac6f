-- The docker runtime's initial schema, part 1 (the CLI's schema.sql on PostgreSQL 15). The db container's entrypoint writes
-- the three files of migrations/docker (with bootstrap/04-functions.sql between them) to
-- /etc/postgresql.schema.sql, and the platform image's init runs that file with psql as
-- supabase_admin, once its own roles and schemas exist. The CLI itself never needs a superuser.
-- psql reads the values from the container's environment: the image exports the password as
-- PGPASSWORD, and the CLI passes JWT_SECRET and JWT_EXP.
\set pgpass `echo "$PGPASSWORD"`
\set jwt_secret `echo "$JWT_SECRET"`
\set jwt_exp `echo "$JWT_EXP"`

-- What SQL functions of real projects read with current_setting().
alter database postgres set "app.settings.jwt_secret" to :'jwt_secret';
alter database postgres set "app.settings.jwt_exp" to :'jwt_exp';

-- The roles the services log in as take the project's database password.
alter role authenticator with password :'pgpass';
alter role pgbouncer with password :'pgpass';
alter role supabase_auth_admin with password :'pgpass';
alter role supabase_storage_admin with password :'pgpass';
alter role supabase_replication_admin with password :'pgpass';
alter role supabase_read_only_user with password :'pgpass';

-- Realtime's control plane and the log store; their servers fill them.
create schema if not exists _realtime;
alter schema _realtime owner to postgres;
create schema if not exists _analytics;
alter schema _analytics owner to postgres;

-- Database webhooks send their requests through pg_net.
create extension if not exists pg_net with schema extensions;

-- The role that owns the webhooks' schema (part 2); older images may have it already.
do $initial$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_functions_admin') then
    create role supabase_functions_admin with login noinherit createrole noreplication;
  end if;
end
$initial$;
