/**
 * The CLI's commands on the docker runtime against a real Docker Engine API (rootful Podman), with
 * the database image that has the platform's role model (postgres no superuser) and the auth and
 * storage stand-ins that migrate it (test/integration/support/podman-images.ts): start, status,
 * db reset, test db and stop through the journal, and an interrupted db reset finished by the next
 * command. With CI=true a missing or broken podman fails the suite; elsewhere it is skipped.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { IMAGES } from '../../tasks/project/config-rules.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { withConnection } from '../../tasks/db/connect.js';
import { dockerClient } from '../../tasks/docker/docker-client.js';
import { PROJECT_LABEL, registryImage } from '../../tasks/docker/docker-names.js';
import { dockerRuntime } from '../../tasks/docker/docker-runtime.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli } from '../helpers/background-cli.js';
import { freePort, removeDir, tempDir } from './support/temp-project.js';
import { podmanOrSkip, type PodmanService } from './support/podman-service.js';
import { ensureBusyboxBase, ensurePostgresImage, ensureServiceMigrationImages, ensureStandInImage } from './support/podman-images.js';

/** Services without a stand-in image. */
const NO_STAND_IN = ['realtime', 'storage-api', 'imgproxy', 'postgrest', 'postgres-meta', 'studio', 'edge-runtime'];

describe('the CLI on the docker runtime (podman, the platform role model)', function () {
  this.timeout(240_000);
  let podman: PodmanService | undefined;
  let docker: Docker;
  let env: NodeJS.ProcessEnv;
  const projectIds: string[] = [];
  const folders: string[] = [];

  before(async function () {
    podman = await podmanOrSkip(this);
    env = { ...process.env, DOCKER_HOST: podman.dockerHost, SUPABASE_INTERNAL_IMAGE_REGISTRY: '' };
    for (const name of ['SUPABASE_AUTH_JWT_SECRET', 'SUPABASE_AUTH_ANON_KEY', 'SUPABASE_AUTH_SERVICE_ROLE_KEY', 'SUPABASE_RUNTIME', 'BITBUCKET_CLONE_DIR']) delete env[name];
    docker = dockerClient(env);
    await ensureBusyboxBase(docker, podman);
    await ensurePostgresImage(docker, registryImage(IMAGES.pg15, env));
    await ensureStandInImage(docker, registryImage('library/kong:2.8.1', env), [8000, 8088]);
    await ensureServiceMigrationImages(docker, { auth: registryImage(IMAGES.auth, env), storage: registryImage(IMAGES.storage, env) });
    await ensureStandInImage(docker, registryImage('inbucket/inbucket:3.0.3', env), [9000, 2500, 1100]);
  });

  after(async () => {
    if (podman) {
      for (const id of projectIds) await dockerRuntime.destroyData(id, { env }).catch(() => undefined);
      await podman.stop();
    }
    await Promise.all(folders.map(removeDir));
  });

  /** A project made by init, with free ports, run by the CLI with the runtime left to `auto`. */
  async function makeCliProject(): Promise<{ root: string; config: ProjectConfig; cli: (...args: string[]) => ReturnType<typeof runCli> }> {
    const root = await tempDir('docker-cli');
    folders.push(root);
    await initProject(root);
    const configFile = path.join(root, 'supabase', 'config.toml');
    let text = await readFile(configFile, 'utf8');
    for (const port of [54321, 54322, 54323, 54324, 54327, 54329]) text = text.replace(`port = ${port}\n`, `port = ${await freePort()}\n`);
    await writeFile(configFile, text);
    const { config } = await loadConfig(root, { env });
    projectIds.push(config.project_id);
    const cliEnv = { ...env, SUPABASE_RUNTIME: 'auto' };
    return { root, config, cli: (...args: string[]) => runCli(args, { cwd: root, env: cliEnv }) };
  }

  async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, 'supabase', rel)), { recursive: true });
      await writeFile(path.join(root, 'supabase', rel), text);
    }
  }

  const sql = <T>(config: ProjectConfig, work: Parameters<typeof withConnection<T>>[1], database = 'postgres') => withConnection({ port: config.db.port, database }, work);

  it('the CLI picks the docker runtime when an engine answers, and start, status, db reset, test db, stop go through the journal', async () => {
    const { root, config, cli } = await makeCliProject();
    const files = {
      'migrations/20240101000000_notes.sql': [
        'create extension if not exists pg_trgm with schema extensions;',
        'create table public.notes (id bigint generated always as identity primary key, owner uuid default auth.uid(), body text not null);',
        'alter table public.notes enable row level security;',
        'create policy "own notes" on public.notes for all to authenticated using (owner = auth.uid());',
        '',
      ].join('\n'),
      'seed.sql': "insert into public.notes (body) values ('seeded');\n",
      'tests/notes.test.sql': [
        'begin;',
        'select plan(3);',
        "select has_table('public', 'notes', 'the migration made notes');",
        "select policies_are('public', 'notes', array['own notes']);",
        "select is((select count(*)::int from public.notes), 1, 'only the seed row is left');",
        'select * from finish();',
        'rollback;',
        '',
      ].join('\n'),
    };
    await writeFiles(root, files);
    const started = cli('start', '-x', [...NO_STAND_IN].join(','));
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stdout, /DB URL: postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres/);
    assert.doesNotMatch(started.stderr, /native runtime/);
    const status = JSON.parse(cli('status', '-o', 'json').stdout) as Record<string, string>;
    assert.ok(status.DB_URL && status.ANON_KEY && status.INBUCKET_URL, JSON.stringify(status));
    assert.equal(status.API_URL, undefined, 'rest was excluded, so there is no API URL');
    // db reset recreates the container and volume and sets the database up again, as postgres can.
    await sql(config, (c) => c.query("insert into public.notes (body) values ('written after start')"));
    const reset = cli('db', 'reset');
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stderr, /Resetting local database\.\.\.\nRecreating database\.\.\.\nSetting up initial schema\.\.\.\nApplying migration 20240101000000_notes\.sql\.\.\.\nSeeding data supabase\/seed\.sql\.\.\.\nRestarting containers\.\.\.\nFinished supabase db reset on branch /);
    assert.deepEqual(await sql(config, async (c) => (await c.query('select rolname from pg_roles where rolsuper')).rows.map((r) => r.rolname)), ['supabase_admin']);
    assert.deepEqual(await sql(config, async (c) => (await c.query("select relowner::regrole::text as owner from pg_class where oid = 'auth.users'::regclass")).rows[0]), { owner: 'supabase_auth_admin' });
    const tested = cli('test', 'db');
    assert.equal(tested.code, 0, tested.stdout + tested.stderr);
    assert.match(tested.stdout, /All tests successful/);
    assert.equal(cli('stop').code, 0);
    const events = JSON.parse(cli('events', '-o', 'json').stdout) as Array<{ stream: string; type: string; data: Record<string, unknown> }>;
    assert.equal(events.find((event) => event.type === 'START')?.data.runtime, 'docker');
    // The stack's last word is STOPPED; the stop itself ends as a finished operation.
    assert.equal(events.filter((event) => event.stream === 'stack').at(-1)?.type, 'STOPPED');
    assert.equal(events.at(-1)?.type, 'FINISHED');
    assert.equal(cli('stop', '--no-backup').code, 0);
    const volumes = await docker.listVolumes({ filters: JSON.stringify({ label: [`${PROJECT_LABEL}=${(await loadConfig(root, { env })).config.project_id}`] }) });
    assert.equal(volumes.Volumes?.length ?? 0, 0);
  });

  it('a db reset interrupted on the docker runtime is finished by the next command', async () => {
    const { root, config, cli } = await makeCliProject();
    const started = cli('start', '-x', [...NO_STAND_IN, 'gotrue', 'kong', 'inbucket'].join(','));
    assert.equal(started.code, 0, started.stderr);
    await writeFiles(root, { 'migrations/20240101000000_slow.sql': 'create table public.slow (id int);\nselect pg_sleep(30);\n' });
    const resetting = startCli(['db', 'reset'], { cwd: root, env: { ...env, SUPABASE_RUNTIME: 'auto' } });
    // Interrupted inside the slow migration, on the recreated database.
    const sleeping = () =>
      sql(config, async (c) => (await c.query("select count(*)::int as n from pg_stat_activity where query ~ 'select pg_sleep\\(' and pid <> pg_backend_pid()")).rows[0].n as number, 'template1').catch(() => 0);
    for (const deadline = Date.now() + 120_000; (await sleeping()) === 0; ) {
      assert.ok(Date.now() < deadline, `the slow migration never started: ${resetting.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await resetting.stop('SIGINT');
    assert.match(resetting.stderr(), /Interrupted by SIGINT: supabase db reset stopped at "apply 20240101000000_slow\.sql"; the next supabase command finishes the reset\./);

    await writeFiles(root, { 'migrations/20240101000000_slow.sql': 'create table public.slow (id int);\n' });
    const next = cli('migration', 'list', '--local');
    assert.equal(next.code, 0, next.stderr);
    assert.match(next.stderr, /^Finished the supabase db reset that was interrupted at "apply 20240101000000_slow\.sql"; the local database is recreated, migrated and seeded\.$/m);
    const history = await sql(config, async (c) => (await c.query('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
    assert.deepEqual(history, ['20240101000000']);
    assert.deepEqual(await sql(config, async (c) => (await c.query('select rolname from pg_roles where rolsuper')).rows.map((r) => r.rolname)), ['supabase_admin']);
    assert.equal(cli('stop', '--no-backup').code, 0);
  });
});
