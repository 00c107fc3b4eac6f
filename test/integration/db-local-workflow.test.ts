/**
 * The database workflow on the native stack, against real PostgreSQL, with the demo project:
 * reset applies migrations and seed, diff after reset is empty, a hand-made change comes back as
 * a migration that survives another reset, plus new / list / up / lint / squash and the failure
 * messages of a broken migration.
 */
import assert from 'node:assert/strict';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withUrl } from '../../tasks/db/connect.js';
import { splitStatements } from '../../tasks/db/sql-scan.js';
import { startProject, type DbProject } from './support/db-project.js';

const migrationsOf = (project: DbProject) => path.join(project.root, 'supabase', 'migrations');
const history = (url: string) =>
  withUrl(url, async (client) => (await client.query<{ version: string; name: string; statements: string[] }>('SELECT version, name, statements FROM supabase_migrations.schema_migrations ORDER BY version')).rows);

describe('database workflow on the native stack (demo project)', function () {
  this.timeout(180_000);
  let project: DbProject;

  before(async () => {
    project = await startProject({ demo: true });
  });
  after(async () => project?.dispose());

  it('db reset recreates the database, applies the migrations and the seed', async () => {
    await withUrl(project.url, (client) => client.query('create table public.leftover (id int)'));
    const result = await project.cli(['db', 'reset']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Resetting local database\.\.\.\n/);
    assert.match(result.stderr, /Applying migration 20240101000000_create_profiles\.sql\.\.\.\nApplying migration 20240102000000_create_todos\.sql/);
    assert.match(result.stderr, /Seeding data supabase\/seed\.sql\.\.\.\n/);
    assert.match(result.stderr, /Finished supabase db reset on branch main\./);
    const rows = await history(project.url);
    assert.deepEqual(rows.map((row) => [row.version, row.name]), [
      ['20240101000000', 'create_profiles'], ['20240102000000', 'create_todos'], ['20240103000000', 'stats_and_avatars'],
    ]);
    const first = await readFile(path.join(migrationsOf(project), '20240101000000_create_profiles.sql'), 'utf8');
    assert.deepEqual(rows[0]!.statements, splitStatements(first));
    await withUrl(project.url, async (client) => {
      assert.equal((await client.query('select count(*)::int as n from public.todos')).rows[0].n, 3);
      assert.equal((await client.query("select to_regclass('public.leftover') as t")).rows[0].t, null);
    });
  });

  it('db diff right after db reset reports no changes', async () => {
    const result = await project.cli(['db', 'diff']);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /Diffing schemas: extensions,public/);
    assert.match(result.stderr, /No schema changes found/);
    assert.equal(result.stdout, '');
  });

  it('a hand-made change comes back from db diff -f and leaves no diff after another reset', async () => {
    await withUrl(project.url, (client) => client.query(
      "create type public.mood as enum ('happy', 'sad'); alter table public.todos add column mood public.mood, drop column inserted_at; create view public.open_todos as select id, task from public.todos where not is_complete;",
    ));
    const diff = await project.cli(['db', 'diff', '-f', 'hand_made']);
    assert.equal(diff.code, 0, diff.stderr);
    const file = (await readdir(migrationsOf(project))).find((name) => /^\d{14}_hand_made\.sql$/.test(name));
    assert.ok(file, 'the diff is saved as a migration');
    const sql = await readFile(path.join(migrationsOf(project), file), 'utf8');
    assert.match(sql, /create type "public"\."mood"/);
    assert.match(diff.stderr, /Found drop statements in schema diff/);
    assert.equal((await project.cli(['db', 'reset'])).code, 0);
    const again = await project.cli(['db', 'diff']);
    assert.match(again.stderr, /No schema changes found/, again.stdout);
  });

  it('migration new writes a UTC-stamped file from piped stdin', async () => {
    const result = await project.cli(['migration', 'new', 'add_notes'], 'create table public.notes (id int);\n');
    assert.equal(result.code, 0, result.stderr);
    const relative = /Created new migration at (supabase\/migrations\/(\d{14})_add_notes\.sql)/.exec(result.stdout);
    assert.ok(relative, result.stdout);
    assert.ok(Math.abs(Date.now() - Date.parse(relative[2]!.replace(/(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)/, '$1-$2-$3T$4:$5:$6Z'))) < 60_000);
    assert.equal(await readFile(path.join(project.root, relative[1]!), 'utf8'), 'create table public.notes (id int);\n');
  });

  it('migration list shows the pending file, migration up applies it', async () => {
    const listed = await project.cli(['migration', 'list', '--local']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /Local {10}\| Remote {9}\| Time \(UTC\)/);
    assert.match(listed.stdout, /20240101000000 \| 20240101000000 \| 2024-01-01 00:00:00/);
    assert.match(listed.stdout, /\d{14} \| {16}\| \d{4}-/);
    const up = await project.cli(['migration', 'up']);
    assert.equal(up.code, 0, up.stderr);
    assert.match(up.stderr, /Applying migration \d{14}_add_notes\.sql\.\.\./);
    assert.equal(up.stdout, 'Local database is up to date.\n');
  });

  it('warns when an applied migration file was edited afterwards', async () => {
    const file = path.join(migrationsOf(project), '20240102000000_create_todos.sql');
    await writeFile(file, `${await readFile(file, 'utf8')}\ncomment on table public.todos is 'edited';\n`);
    const up = await project.cli(['migration', 'up']);
    assert.match(up.stderr, /WARNING: supabase\/migrations\/20240102000000_create_todos\.sql no longer matches the statements recorded for version 20240102000000/);
  });

  it('a failing migration names the file, statement number and statement, and records nothing', async () => {
    await writeFile(path.join(migrationsOf(project), '29990101000000_broken.sql'), 'create table public.half (id int);\nselect 1/0;\n');
    const up = await project.cli(['migration', 'up']);
    assert.equal(up.code, 1);
    assert.match(up.stderr, /failed to apply migration 29990101000000_broken\.sql: ERROR: division by zero \(SQLSTATE 22012\)\nAt statement 1: select 1\/0/);
    await withUrl(project.url, async (client) => {
      assert.equal((await client.query("select to_regclass('public.half') as t")).rows[0].t, null);
      assert.equal((await client.query("select count(*)::int as n from supabase_migrations.schema_migrations where version = '29990101000000'")).rows[0].n, 0);
    });
  });

  it('db lint reports plpgsql_check findings as JSON and filters by level', async () => {
    await withUrl(project.url, (client) => client.query('create function public.broken_fn() returns int language plpgsql as $$ begin return (select nope from public.missing_table); end $$'));
    const lint = await project.cli(['db', 'lint', '-s', 'public']);
    assert.equal(lint.code, 0, lint.stderr);
    assert.match(lint.stderr, /Linting schema: public/);
    const results = JSON.parse(lint.stdout) as Array<{ function: string; issues: Array<{ level: string; sqlState: string }> }>;
    const broken = results.find((result) => result.function === 'public.broken_fn');
    assert.equal(broken?.issues[0]?.level, 'error');
    assert.equal(broken?.issues[0]?.sqlState, '42P01');
    const clean = await project.cli(['db', 'lint', '-s', 'storage', '--level', 'error']);
    assert.equal(clean.stdout, '');
    assert.match(clean.stderr, /\nNo schema errors found/);
  });

  it('migration squash keeps data statements a schema dump drops', async () => {
    const { rm } = await import('node:fs/promises');
    await rm(path.join(migrationsOf(project), '29990101000000_broken.sql'));
    const squash = await project.cli(['migration', 'squash', '--version', '20240103000000']);
    assert.equal(squash.code, 0, squash.stderr);
    assert.match(squash.stderr, /Squashed local migrations to supabase\/migrations\/20240103000000_stats_and_avatars\.sql/);
    const names = await readdir(migrationsOf(project));
    assert.ok(!names.includes('20240101000000_create_profiles.sql'));
    const sql = await readFile(path.join(migrationsOf(project), '20240103000000_stats_and_avatars.sql'), 'utf8');
    assert.match(sql, /CREATE TABLE IF NOT EXISTS "public"\."todos"/);
    assert.match(sql, /insert into storage\.buckets/);
    assert.doesNotMatch(sql, /\\restrict/);
    const reset = await project.cli(['db', 'reset']);
    assert.equal(reset.code, 0, reset.stderr);
    await withUrl(project.url, async (client) => {
      assert.equal((await client.query("select count(*)::int as n from storage.buckets where id = 'avatars'")).rows[0].n, 1);
    });
  });
});
