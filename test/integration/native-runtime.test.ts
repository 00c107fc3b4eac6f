/**
 * The native runtime against real PostgreSQL 15 processes: first start (bootstrap, migrations,
 * seed), stop and restart with data kept, deletion, and the failures users meet (a migration
 * error, a port in use, a missing extension).
 */
import assert from 'node:assert/strict';
import { chmod, cp, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { nativeRuntime, type NativeProject } from '../../tasks/native/native-runtime.js';
import { clusterPaths } from '../../tasks/native/native-paths.js';
import { withConnection } from '../../tasks/db/connect.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

describe('native runtime', function () {
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;
  const projects: Array<{ id: string; env: NodeJS.ProcessEnv }> = [];
  const folders: string[] = [];

  before(async () => {
    env = await nativeTestEnv();
  });
  after(async () => {
    for (const project of projects) await nativeRuntime.destroyData(project.id, { env: project.env }).catch(() => undefined);
    await Promise.all(folders.map(removeDir));
  });

  /** A fresh project with `files` (paths under supabase/) and a free db port. */
  async function makeProject(files: Record<string, string> = {}, projectEnv = env): Promise<NativeProject & { notices: string[]; statuses: string[] }> {
    const root = await tempDir('native');
    folders.push(root);
    await initProject(root);
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, 'supabase', rel)), { recursive: true });
      await writeFile(path.join(root, 'supabase', rel), text);
    }
    const { config } = await loadConfig(root, { env: projectEnv });
    config.db.port = await freePort();
    projects.push({ id: config.project_id, env: projectEnv });
    return { root, config, notices: [], statuses: [] };
  }

  const options = (project: { notices: string[]; statuses: string[] }, projectEnv = env) => ({
    env: projectEnv,
    reporter: { notice: (m: string) => void project.notices.push(m), status: (m: string) => void project.statuses.push(m) },
  });
  const db = <T>(config: ProjectConfig, work: Parameters<typeof withConnection<T>>[1]) => withConnection({ port: config.db.port }, work);

  describe('a project through its life', () => {
    let project: Awaited<ReturnType<typeof makeProject>>;

    before(async () => {
      project = await makeProject({
        'roles.sql': 'create role app_reader nologin;',
        'migrations/20240101000000_todos.sql':
          "-- plain file; the plpgsql body has its own begin/end;\ncreate table public.todos (id bigint generated always as identity primary key, owner uuid default auth.uid(), task text not null);\nalter table public.todos enable row level security;\ncreate policy own on public.todos using (owner = auth.uid());\ncreate function public.todo_count() returns bigint language plpgsql as $$ begin return (select count(*) from public.todos); end; $$;\n",
        'migrations/20240102000000_own_transaction.sql': 'begin;\nalter table public.todos add column done boolean not null default false;\ncommit;\n',
        'migrations/20240103000000_index.sql': 'create index concurrently todos_task_idx on public.todos (task);\n',
        'migrations/README.md': 'not a migration',
        'seed.sql': "insert into public.todos (task) values ('one'), ('two');\n",
      });
    });

    it('first start creates, bootstraps, migrates and seeds the database', async () => {
      const started = Date.now();
      const result = await nativeRuntime.start(project, options(project));
      console.log(`      first start: ${Date.now() - started} ms (binaries: ${result.binaries?.source})`);
      assert.equal(result.fresh, true);
      assert.equal(result.alreadyRunning, false);
      assert.equal(result.dbUrl, `postgresql://postgres:postgres@127.0.0.1:${project.config.db.port}/postgres`);
      assert.deepEqual(result.migrations?.applied, ['20240101000000_todos.sql', '20240102000000_own_transaction.sql', '20240103000000_index.sql']);
      assert.equal(result.seeded, true);
      assert.deepEqual(project.statuses, ['Starting database...', 'Setting up initial schema...']);
      assert.deepEqual(project.notices, [
        'Creating custom roles supabase/roles.sql...',
        'Skipping migration README.md... (file name must match pattern "<timestamp>_name.sql")',
        'Applying migration 20240101000000_todos.sql...',
        'Applying migration 20240102000000_own_transaction.sql...',
        'Applying migration 20240103000000_index.sql...',
        'Seeding data supabase/seed.sql...',
      ]);
      assert.equal(await readFile(path.join(project.root, 'supabase/.branches/_current_branch'), 'utf8'), 'main');
    });

    it('has the Supabase roles, schemas, helpers and publication', async () => {
      await db(project.config, async (client) => {
        const roles = await client.query<{ rolname: string }>(
          "select rolname from pg_roles where rolname = any($1) order by rolname",
          [['anon', 'authenticated', 'authenticator', 'service_role', 'supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin', 'app_reader']],
        );
        assert.equal(roles.rowCount, 8);
        const bypass = await client.query("select rolbypassrls from pg_roles where rolname = 'service_role'");
        assert.equal(bypass.rows[0].rolbypassrls, true);
        await client.query('begin');
        await client.query(`select set_config('request.jwt.claims', '{"sub":"11111111-1111-1111-1111-111111111111","role":"authenticated","email":"a@b.c"}', true)`);
        const claims = await client.query('select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> $1 as sub', ['sub']);
        await client.query('rollback');
        assert.deepEqual(claims.rows[0], { uid: '11111111-1111-1111-1111-111111111111', role: 'authenticated', email: 'a@b.c', sub: '11111111-1111-1111-1111-111111111111' });
        assert.equal((await client.query("select 1 from pg_publication where pubname = 'supabase_realtime'")).rowCount, 1);
        const ext = await client.query<{ extname: string; nspname: string }>(
          "select extname, nspname from pg_extension join pg_namespace n on n.oid = extnamespace where extname in ('uuid-ossp', 'pgcrypto') order by 1",
        );
        assert.deepEqual(ext.rows, [{ extname: 'pgcrypto', nspname: 'extensions' }, { extname: 'uuid-ossp', nspname: 'extensions' }]);
        assert.equal((await client.query("select storage.extension('a/b/c.tar.gz') as e")).rows[0].e, 'tar');
        assert.deepEqual((await client.query("select storage.foldername('a/b/c.png') as f")).rows[0].f, ['a', 'b']);
        assert.equal((await client.query('select extensions.uuid_generate_v4() is not null as ok')).rows[0].ok, true);
        assert.equal((await client.query("select current_setting('app.settings.jwt_secret') as s")).rows[0].s, project.config.auth.jwt_secret);
        // pg_cron joins when Debian's package is installed (see tasks/native/preload.ts).
        assert.match((await client.query("select setting from pg_settings where name = 'shared_preload_libraries'")).rows[0].setting, /^pg_stat_statements(,pg_cron)?$/);
      });
    });

    it('records each migration with its name and statements, and ran the seed', async () => {
      await db(project.config, async (client) => {
        const history = await client.query('select version, name, statements from supabase_migrations.schema_migrations order by version');
        assert.deepEqual(history.rows.map((r) => [r.version, r.name]), [
          ['20240101000000', 'todos'],
          ['20240102000000', 'own_transaction'],
          ['20240103000000', 'index'],
        ]);
        assert.equal(history.rows[0].statements.length, 4);
        assert.match(history.rows[0].statements[3], /^create function public\.todo_count\(\)/);
        assert.deepEqual(history.rows[2].statements, ['create index concurrently todos_task_idx on public.todos (task)']);
        assert.equal((await client.query('select public.todo_count() as n')).rows[0].n, '2');
        assert.equal((await client.query("select 1 from pg_indexes where indexname = 'todos_task_idx'")).rowCount, 1);
      });
    });

    it('reports running, and a second start finds it running', async () => {
      const status = await nativeRuntime.status(project.config.project_id, project.config, { env });
      assert.equal(status.state, 'running');
      assert.equal(status.healthy, true);
      assert.equal(status.port, project.config.db.port);
      const again = await nativeRuntime.start(project, { env });
      assert.equal(again.alreadyRunning, true);
    });

    it('stop keeps the data; start again is fast and finds it', async () => {
      assert.deepEqual(await nativeRuntime.stop(project.config.project_id, { env }), { wasRunning: true });
      assert.equal((await nativeRuntime.status(project.config.project_id, project.config, { env })).state, 'stopped');
      assert.deepEqual(await nativeRuntime.stop(project.config.project_id, { env }), { wasRunning: false });
      project.statuses.length = 0;
      const started = Date.now();
      const result = await nativeRuntime.start(project, options(project));
      const elapsed = Date.now() - started;
      console.log(`      restart: ${elapsed} ms`);
      assert.equal(result.fresh, false);
      assert.deepEqual(project.statuses, ['Starting database from backup...']);
      assert.ok(elapsed < 5_000, `restart took ${elapsed} ms`);
      await db(project.config, async (client) => {
        assert.equal((await client.query('select count(*)::int as n from public.todos')).rows[0].n, 2);
        assert.equal((await client.query('select count(*)::int as n from supabase_migrations.schema_migrations')).rows[0].n, 3);
      });
    });

    it('destroyData stops the server and removes every file', async () => {
      const paths = clusterPaths(project.config.project_id, env);
      assert.deepEqual(await nativeRuntime.destroyData(project.config.project_id, { env }), { removed: true });
      await assert.rejects(stat(paths.root));
      assert.equal((await nativeRuntime.status(project.config.project_id, project.config, { env })).state, 'absent');
      assert.deepEqual(await nativeRuntime.destroyData(project.config.project_id, { env }), { removed: false });
    });
  });

  it('a failing migration names the file and line, and leaves no half-made database', async () => {
    const project = await makeProject({
      'migrations/20240101000000_ok.sql': 'create table public.a (id int);\n',
      'migrations/20240102000000_broken.sql': 'create table public.b (id int);\n\nselect * from public.missing_table;\n',
    });
    await assert.rejects(nativeRuntime.start(project, { env }), (error: Error) => {
      assert.match(error.message, /^failed to apply migration 20240102000000_broken\.sql: ERROR: relation "public\.missing_table" does not exist \(SQLSTATE 42P01\)\nAt statement 1: select \* from public\.missing_table$/);
      return true;
    });
    assert.equal((await nativeRuntime.status(project.config.project_id, project.config, { env })).state, 'absent');
    assert.equal(await isListening(project.config.db.port), false);
    // Fixed, the next start begins again from scratch and succeeds.
    await writeFile(path.join(project.root, 'supabase/migrations/20240102000000_broken.sql'), 'create table public.b (id int);\n');
    const result = await nativeRuntime.start(project, { env });
    assert.equal(result.fresh, true);
    assert.deepEqual(result.migrations?.applied, ['20240101000000_ok.sql', '20240102000000_broken.sql']);
    await nativeRuntime.destroyData(project.config.project_id, { env });
  });

  it('a port in use gives one clear error naming the port and [db] port', async () => {
    const project = await makeProject();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(project.config.db.port, '127.0.0.1', resolve));
    try {
      await assert.rejects(nativeRuntime.start(project, { env }), (error: Error & { suggestion?: string }) => {
        assert.equal(error.message, `failed to start database: port ${project.config.db.port} is already in use (set by [db] port in supabase/config.toml)`);
        assert.equal(error.suggestion, `Stop the program listening on port ${project.config.db.port}, or configure a different [db] port in supabase/config.toml`);
        return true;
      });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('names the native project that holds the port', async () => {
    const first = await makeProject();
    const second = await makeProject();
    second.config.db.port = first.config.db.port;
    await nativeRuntime.start(first, { env });
    try {
      await assert.rejects(nativeRuntime.start(second, { env }), (error: Error & { suggestion?: string }) => {
        assert.match(error.suggestion ?? '', new RegExp(`^Try stopping the running project with supabase stop --project-id ${first.config.project_id}\\n`));
        return true;
      });
    } finally {
      await nativeRuntime.destroyData(first.config.project_id, { env });
    }
  });

  it('a missing extension is named, with what to do', async () => {
    const project = await makeProject({
      'migrations/20240101000000_ext.sql': 'create extension if not exists "supabase_test_missing_extension" with schema extensions;\n',
    });
    await assert.rejects(nativeRuntime.start(project, { env }), (error: Error & { suggestion?: string }) => {
      // Said once: no repeat of the server's own words, detail or hint.
      assert.match(error.message, /^failed to apply migration 20240101000000_ext\.sql: extension "supabase_test_missing_extension" is not available on the native runtime \(SQLSTATE 0A000\)\nAt statement 0: /);
      assert.equal(error.message.match(/supabase_test_missing_extension/g)?.length, 2, error.message);
      assert.match(error.suggestion ?? '', /^"supabase_test_missing_extension" has no PostgreSQL 15 package for this machine: run the stack on Docker \(SUPABASE_RUNTIME=docker\)/);
      return true;
    });
  });

  it('offers extensions of extra folders next to the embedded distribution', async () => {
    // A fixed folder, so the overlay and its template are built once per machine, not per run.
    const extDir = path.join(env.SUPABASE_NATIVE_HOME!, 'test-extensions');
    await mkdir(path.join(extDir, 'extension'), { recursive: true, mode: 0o755 });
    await chmod(extDir, 0o755); // the server may run as another user
    await writeFile(path.join(extDir, 'extension', 'hello_native.control'), "default_version = '1.0'\nrelocatable = true\n");
    await writeFile(path.join(extDir, 'extension', 'hello_native--1.0.sql'), "create function hello_native() returns text language sql as $$ select 'hello' $$;\n");
    const embeddedEnv = { ...env, SUPABASE_NATIVE_POSTGRES: 'embedded', SUPABASE_NATIVE_EXTENSION_DIRS: extDir };
    const project = await makeProject({ 'migrations/20240101000000_hello.sql': 'create extension hello_native with schema extensions;\n' }, embeddedEnv);
    const result = await nativeRuntime.start(project, { env: embeddedEnv });
    assert.equal(result.binaries?.source, 'embedded');
    await db(project.config, async (client) => {
      assert.equal((await client.query('select extensions.hello_native() as h')).rows[0].h, 'hello');
      assert.match((await client.query('select version() as v')).rows[0].v, /^PostgreSQL 15\./);
    });
  });

  it('starts the examples/demo project', async () => {
    const root = await tempDir('demo');
    folders.push(root);
    await cp(path.resolve('examples/demo/supabase'), path.join(root, 'supabase'), { recursive: true });
    const { config } = await loadConfig(root, { env });
    config.project_id = path.basename(root);
    config.db.port = await freePort();
    projects.push({ id: config.project_id, env });
    const result = await nativeRuntime.start({ root, config }, { env });
    assert.equal(result.migrations?.applied.length, 3);
    await db(config, async (client) => {
      assert.equal((await client.query('select count(*)::int as n from public.profiles')).rows[0].n, 2);
      await client.query('begin');
      await client.query('set local role authenticated');
      await client.query(`select set_config('request.jwt.claims', '{"sub":"a0a0a0a0-0000-4000-8000-000000000001","role":"authenticated"}', true)`);
      const own = await client.query('select task from public.todos order by id');
      const stats = await client.query('select * from public.todo_stats()');
      await client.query('rollback');
      assert.deepEqual(own.rows.map((r) => r.task), ['Read the native runtime notes', 'Write a migration']);
      assert.deepEqual(stats.rows[0], { total: '2', done: '1' });
      assert.equal((await client.query("select public from storage.buckets where id = 'avatars'")).rows[0].public, true);
    });
  });
});

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
