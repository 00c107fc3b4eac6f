/**
 * Test fixture: what the locally built database image must reproduce of the platform's
 * `supabase/postgres` image for the docker runtime to be tested honestly. Its role model:
 * `supabase_admin` is the cluster's bootstrap superuser and the only superuser once init is done;
 * `postgres` is made a superuser only for the image's own init scripts and then demoted; the
 * reserved roles exist before the CLI connects. Its init interface: `docker-entrypoint.sh`
 * initialises an empty data folder, runs /docker-entrypoint-initdb.d/*.sh against a server on the
 * socket only, and the init step runs /etc/postgresql.schema.sql as supabase_admin when the
 * container's entrypoint wrote one. Facts: supabase/postgres `migrations/db/migrate.sh` and
 * `10000000000000_demote-postgres.sql`, written here in our own words and reduced to what the
 * CLI relies on. The auth and storage schemas start empty here: their services fill them.
 */

/** The docker-library contract with the platform image's init: initdb, the init folder, then the server. */
export const PLATFORM_ENTRYPOINT = `#!/bin/sh
# Test fixture: a stand-in for docker-entrypoint.sh of the platform's postgres image.
set -e
PGDATA=/var/lib/postgresql/data
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R 999:999 "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  # "--" keeps su from reading the server's own options (-D, -c) as its own.
  exec su -p -s /bin/sh -c 'exec "$0" "$@"' postgres -- "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 $POSTGRES_INITDB_ARGS
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  # As the official image: a server nobody can reach over the network while init runs.
  pg_ctl -D "$PGDATA" -w -o "-c listen_addresses='' -c unix_socket_directories=/var/run/postgresql" start
  for script in /docker-entrypoint-initdb.d/*.sh; do
    [ -e "$script" ] && . "$script"
  done
  pg_ctl -D "$PGDATA" -m fast -w stop
fi
exec "$@"
`;

/** The image's init step: roles and schemas as a temporary superuser postgres, demotion, then the CLI's schema. */
export const PLATFORM_MIGRATE = `# Test fixture: the platform image's init step (sourced by the entrypoint).
export PGHOST=/var/run/postgresql PGDATABASE=postgres PGPASSWORD="$POSTGRES_PASSWORD"
as_role() {
  role="$1"
  shift
  psql -v ON_ERROR_STOP=1 --no-password --no-psqlrc -q -U "$role" "$@"
}
as_role supabase_admin -c "create role postgres superuser login password '$POSTGRES_PASSWORD'"
for sql in /docker-entrypoint-initdb.d/init-scripts/*.sql; do
  echo "fixture init: running $sql"
  as_role postgres -f "$sql"
done
as_role postgres -c "alter role supabase_admin with password '$POSTGRES_PASSWORD'"
for sql in /docker-entrypoint-initdb.d/migrations/*.sql; do
  echo "fixture init: running $sql"
  as_role supabase_admin -f "$sql"
done
if [ -e /etc/postgresql.schema.sql ]; then
  echo "fixture init: running /etc/postgresql.schema.sql"
  as_role supabase_admin -f /etc/postgresql.schema.sql
fi
`;

/** Run by the temporary superuser postgres: the reserved roles and the schemas the services fill. */
export const PLATFORM_INIT_SQL = `-- Test fixture: the roles and schemas the platform image creates before any service runs.
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
create role supabase_auth_admin login noinherit createrole;
create role supabase_storage_admin login noinherit createrole;
create role supabase_replication_admin login replication;
create role supabase_read_only_user login bypassrls;
grant pg_read_all_data to supabase_read_only_user;
create role dashboard_user nologin createdb createrole replication;
create role pgbouncer login;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role supabase_admin set search_path to "$user", public, auth, extensions;
-- Extensions live in their own schema, which projects' SQL (and pgTAP's tests) call unqualified.
alter role postgres set search_path to "$user", public, extensions;
grant anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin to postgres;

create schema extensions;
create extension "uuid-ossp" with schema extensions;
create extension pgcrypto with schema extensions;
create extension pg_stat_statements with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create publication supabase_realtime;

-- Projects' own tables go in public, which PostgreSQL 15 lets only the database's owner create in
-- (its owner is pg_database_owner): on the platform that owner is postgres.
alter database postgres owner to postgres;
grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- Owned by supabase_admin; the auth server's migrations fill it as supabase_auth_admin.
create schema auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, dashboard_user, postgres;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth grant all on functions to postgres, dashboard_user;

-- Owned by supabase_admin; the storage server's migrations fill it as supabase_storage_admin.
create schema storage authorization supabase_admin;
grant usage on schema storage to anon, authenticated, service_role;
grant all on schema storage to postgres, supabase_storage_admin, dashboard_user;
alter role supabase_storage_admin set search_path = storage;
alter default privileges for role postgres in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage grant all on sequences to postgres, anon, authenticated, service_role;
`;

/** Run by supabase_admin after the init scripts: postgres loses superuser, keeping what projects need. */
export const PLATFORM_DEMOTE_SQL = `-- Test fixture: the platform image demotes postgres once its own set-up is done.
grant all on database postgres to postgres;
alter role postgres nosuperuser createdb createrole login replication bypassrls;
`;

/**
 * Extensions the platform lets postgres create although PostgreSQL reserves them to superusers
 * (supautils' privileged extensions there). The fixture marks them trusted instead, which gives
 * postgres the same right without a superuser.
 */
export const PRIVILEGED_EXTENSIONS = ['pgtap'];
