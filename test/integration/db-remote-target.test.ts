/**
 * The database commands against a second PostgreSQL given by --db-url (another native cluster):
 * push (dry run, include-all, seed), the pending-migration errors, repair, dump, pull and a
 * remote reset, with the history table and messages compared with the
 * original's (the same history table DDL, the same wording).
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { withUrl } from '../../tasks/db/connect.js';
import { startProject, type DbProject } from './support/db-project.js';

/** The recorded versions; none while the history table does not exist. */
const versions = (url: string) =>
  withUrl(url, async (client) => {
    if ((await client.query("select to_regclass('supabase_migrations.schema_migrations') as t")).rows[0].t === null) return [];
    return (await client.query<{ version: string }>('SELECT version FROM supabase_migrations.schema_migrations ORDER BY version')).rows.map((row) => row.version);
  });

describe('database commands against --db-url', function () {
  this.timeout(180_000);
  let local: DbProject;
  let remote: DbProject;
  let url: string;

  before(async () => {
    [local, remote] = await Promise.all([startProject({ demo: true }), startProject()]);
    url = remote.url;
  });
  after(async () => Promise.all([local?.dispose(), remote?.dispose()]));

  it('rejects a connection string that is not percent-encoded', async () => {
    const result = await local.cli(['db', 'push', '--db-url', 'postgresql://postgres:p@ss@127.0.0.1:5432/postgres']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /failed to parse connection string/);
  });

  it('db push --dry-run lists the files and changes nothing', async () => {
    const result = await local.cli(['db', 'push', '--db-url', url, '--dry-run']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /^DRY RUN: migrations will \*not\* be pushed to the database\.\nConnecting to remote database\.\.\.\nWould push migration 20240101000000_create_profiles\.sql\.\.\./);
    assert.deepEqual(await versions(url), []);
  });

  it('db push applies the migrations and the seed, then reports up to date', async () => {
    const result = await local.cli(['db', 'push', '--db-url', url, '--include-seed']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, 'Finished supabase db push.\n');
    assert.deepEqual(await versions(url), ['20240101000000', '20240102000000', '20240103000000']);
    await withUrl(url, async (client) => assert.equal((await client.query('select count(*)::int as n from public.todos')).rows[0].n, 3));
    const again = await local.cli(['db', 'push', '--db-url', url]);
    assert.equal(again.stdout, 'Remote database is up to date.\n');
  });

  it('migration repair reverted makes a file out of order; push needs --include-all', async () => {
    const repair = await local.cli(['migration', 'repair', '--status', 'reverted', '20240102000000', '--db-url', url]);
    assert.equal(repair.code, 0, repair.stderr);
    assert.match(repair.stderr, /Repaired migration history: \[20240102000000\] => reverted/);
    assert.equal(repair.stdout, 'Finished supabase migration repair.\n');
    const refused = await local.cli(['db', 'push', '--db-url', url]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /Found local migration files to be inserted before the last migration on remote database\.\nRerun the command with --include-all flag to apply these migrations:\nsupabase\/migrations\/20240102000000_create_todos\.sql/);
    const repaired = await local.cli(['migration', 'repair', '--status', 'applied', '20240102000000', '--db-url', url]);
    assert.equal(repaired.code, 0, repaired.stderr);
    assert.deepEqual(await versions(url), ['20240101000000', '20240102000000', '20240103000000']);
  });

  it('migration repair errors: bad version, missing file, duplicate row', async () => {
    const bad = await local.cli(['migration', 'repair', '--status', 'applied', 'abc', '--db-url', url]);
    assert.match(bad.stderr, /failed to parse abc: invalid version number/);
    const missing = await local.cli(['migration', 'repair', '--status', 'applied', '1', '--db-url', url]);
    assert.match(missing.stderr, /glob supabase\/migrations\/1_\*\.sql: file does not exist/);
    const duplicate = await local.cli(['migration', 'repair', '--status', 'applied', '20240101000000', '--db-url', url]);
    assert.equal(duplicate.code, 1);
    assert.match(duplicate.stderr, /^cannot repair migration 20240101000000 as applied: it is already in the history table; to record it again, repair it with --status reverted first$/m);
  });

  it('a remote-only version stops migration up with the repair suggestion', async () => {
    await withUrl(url, (client) => client.query("insert into supabase_migrations.schema_migrations (version) values ('20230101000000')"));
    const up = await local.cli(['migration', 'up', '--db-url', url]);
    assert.equal(up.code, 1);
    assert.match(up.stderr, /Remote migration versions not found in supabase\/migrations directory\./);
    assert.match(up.stderr, /supabase migration repair --status reverted 20230101000000/);
    await withUrl(url, (client) => client.query("delete from supabase_migrations.schema_migrations where version = '20230101000000'"));
  });

  it('db dump writes the rewritten schema, data and roles', async () => {
    const schema = await local.cli(['db', 'dump', '--db-url', url, '-f', 'schema.sql']);
    assert.equal(schema.code, 0, schema.stderr);
    assert.match(schema.stderr, /Dumping schemas from remote database\.\.\.\nDumped schema to schema\.sql\./);
    const sql = await readFile(path.join(local.root, 'schema.sql'), 'utf8');
    assert.match(sql, /CREATE TABLE IF NOT EXISTS "public"\."todos"/);
    assert.match(sql, /CREATE OR REPLACE FUNCTION "public"\."todo_stats"/);
    assert.doesNotMatch(sql, /^--/m);
    assert.doesNotMatch(sql, /CREATE TABLE IF NOT EXISTS "auth"/);
    assert.match(sql, /RESET ALL;\n$/);
    const data = await local.cli(['db', 'dump', '--db-url', url, '--data-only']);
    assert.match(data.stdout, /^SET session_replication_role = replica;\n/);
    assert.match(data.stdout, /INSERT INTO "public"\."todos"/);
    assert.doesNotMatch(data.stdout, /schema_migrations/);
    const roles = await local.cli(['db', 'dump', '--db-url', url, '--role-only']);
    assert.equal(roles.code, 0, roles.stderr);
    assert.doesNotMatch(roles.stdout, /^CREATE ROLE "anon"/m);
    const usage = await local.cli(['db', 'dump', '--db-url', url, '--use-copy']);
    assert.equal(usage.code, 2, usage.stderr);
  });

  it('db pull dumps the schema the first time and records it as applied', async () => {
    const fresh = await startProject();
    try {
      await withUrl(url, (client) => client.query('truncate supabase_migrations.schema_migrations'));
      const pull = await fresh.cli(['db', 'pull', '--db-url', url]);
      assert.equal(pull.code, 0, pull.stderr);
      assert.match(pull.stderr, /Schema written to supabase\/migrations\/\d{14}_remote_schema\.sql/);
      const [file] = await readdir(path.join(fresh.root, 'supabase', 'migrations'));
      assert.match(await readFile(path.join(fresh.root, 'supabase', 'migrations', file!), 'utf8'), /CREATE TABLE IF NOT EXISTS "public"\."profiles"/);
      assert.deepEqual(await versions(url), [file!.slice(0, 14)]);
      // The pulled file rebuilds the same schema: a second pull finds nothing to add.
      const again = await fresh.cli(['db', 'pull', '--db-url', url]);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /no schema changes found/);
    } finally {
      await fresh.dispose();
    }
  });

  it('db reset --db-url drops user objects and migrates and seeds again', async () => {
    // auth is a managed schema that survives a reset (as in the original), so the demo seed's users go first.
    await withUrl(url, (client) => client.query('create schema scratch; create table public.extra (id int); delete from auth.users'));
    const reset = await local.cli(['db', 'reset', '--db-url', url]);
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stderr, /Resetting remote database\.\.\./);
    await withUrl(url, async (client) => {
      assert.equal((await client.query("select to_regclass('public.extra') as t")).rows[0].t, null);
      assert.equal((await client.query("select count(*)::int as n from pg_namespace where nspname = 'scratch'")).rows[0].n, 0);
      assert.equal((await client.query('select count(*)::int as n from public.todos')).rows[0].n, 3);
    });
    assert.deepEqual(await versions(url), ['20240101000000', '20240102000000', '20240103000000']);
  });
});
