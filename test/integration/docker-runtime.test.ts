/**
 * The docker runtime against a real Docker Engine API (rootful Podman's compatible service), with
 * every registry blocked: a PostgreSQL 15 image built from the host's install and busybox STAND-IN
 * images for kong, gotrue, inbucket and studio (test/integration/support/podman-images.ts); the
 * database image has the platform's role model and the auth and storage stand-ins migrate it.
 * The CLI's commands on this runtime: docker-cli-lifecycle.test.ts.
 * With CI=true a missing or broken podman fails the suite; elsewhere it is skipped with a message.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type Docker from 'dockerode';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { IMAGES } from '../../tasks/project/config-rules.js';
import { withConnection } from '../../tasks/db/connect.js';
import { dockerClient } from '../../tasks/docker/docker-client.js';
import { COMPOSE_LABEL, PROJECT_LABEL, networkName, projectFilter, registryImage } from '../../tasks/docker/docker-names.js';
import { dockerRuntime, type DockerProject, type DockerStartOptions } from '../../tasks/docker/docker-runtime.js';
import { freePort, removeDir, tempDir } from './support/temp-project.js';
import { podmanOrSkip, type PodmanService } from './support/podman-service.js';
import { ensureBusyboxBase, ensurePostgresImage, ensureServiceMigrationImages, ensureStandInImage, ensureStorageImageMigrating } from './support/podman-images.js';

/** Services without a stand-in image; excluding them also proves they are never pulled. */
const NO_STAND_IN = ['realtime', 'storage-api', 'imgproxy', 'postgrest', 'postgres-meta', 'studio', 'edge-runtime'];

describe('docker runtime (podman)', function () {
  this.timeout(240_000);
  let podman: PodmanService | undefined;
  let docker: Docker;
  let env: NodeJS.ProcessEnv;
  const projectIds: string[] = [];
  const folders: string[] = [];

  before(async function () {
    const began = Date.now();
    podman = await podmanOrSkip(this);
    env = { ...process.env, DOCKER_HOST: podman.dockerHost, SUPABASE_INTERNAL_IMAGE_REGISTRY: '' };
    for (const name of ['SUPABASE_AUTH_JWT_SECRET', 'SUPABASE_AUTH_ANON_KEY', 'SUPABASE_AUTH_SERVICE_ROLE_KEY', 'SUPABASE_RUNTIME', 'BITBUCKET_CLONE_DIR']) delete env[name];
    docker = dockerClient(env);
    await ensureBusyboxBase(docker, podman);
    await ensurePostgresImage(docker, registryImage(IMAGES.pg15, env));
    await ensureStandInImage(docker, registryImage('library/kong:2.8.1', env), [8000, 8088]);
    await ensureServiceMigrationImages(docker, { auth: registryImage(IMAGES.auth, env), storage: registryImage(IMAGES.storage, env) });
    await ensureStandInImage(docker, registryImage('inbucket/inbucket:3.0.3', env), [9000, 2500, 1100]);
    // Deliberately listening on the wrong port: studio never becomes ready.
    await ensureStandInImage(docker, registryImage('supabase/studio:20240205-b145c86', env), [3999]);
    console.log(`      podman and fixture images ready in ${Date.now() - began} ms`);
  });

  after(async () => {
    if (podman) {
      for (const id of projectIds) await dockerRuntime.destroyData(id, { env }).catch(() => undefined);
      await podman.stop();
    }
    await Promise.all(folders.map(removeDir));
  });

  /** A new project with free ports and `files` under supabase/. */
  async function makeProject(files: Record<string, string> = {}): Promise<DockerProject & { statuses: string[]; notices: string[] }> {
    const root = await tempDir('docker');
    folders.push(root);
    await initProject(root);
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, 'supabase', rel)), { recursive: true });
      await writeFile(path.join(root, 'supabase', rel), text);
    }
    const { config } = await loadConfig(root, { env });
    for (const key of ['db', 'api', 'studio', 'inbucket'] as const) config[key].port = await freePort();
    projectIds.push(config.project_id);
    return { root, config, statuses: [], notices: [] };
  }

  const options = (project: { statuses: string[]; notices: string[] }, extra: DockerStartOptions = {}): DockerStartOptions => ({
    env,
    exclude: [...NO_STAND_IN],
    pullRetryDelaysMs: [],
    healthTimeoutMs: 15_000,
    reporter: { status: (m) => void project.statuses.push(m), notice: (m) => void project.notices.push(m) },
    ...extra,
  });
  const containersOf = (id: string) => docker.listContainers({ all: true, filters: projectFilter(id) });
  const volumesOf = async (id: string) => ((await docker.listVolumes({ filters: projectFilter(id) })).Volumes ?? []).map((v) => v.Name).sort();
  const sql = <T>(project: DockerProject, work: Parameters<typeof withConnection<T>>[1]) => withConnection({ port: project.config.db.port }, work);

  it('reports whether an engine answers, honouring DOCKER_HOST', async () => {
    assert.deepEqual(await dockerRuntime.isEngineAvailable(env), { available: true });
    const absent = await dockerRuntime.isEngineAvailable({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' });
    assert.equal(absent.available, false);
    const ssh = await dockerRuntime.isEngineAvailable({ DOCKER_HOST: 'ssh://user@example.com' });
    assert.ok(!ssh.available && /ssh:\/\/ engines are not supported/.test(ssh.reason));
  });

  describe('a project through its life', () => {
    let project: Awaited<ReturnType<typeof makeProject>>;
    before(async () => {
      project = await makeProject({
        'roles.sql': 'create role app_reader nologin;',
        'migrations/20240101000000_todos.sql': 'create table public.todos (id bigint generated always as identity primary key, owner uuid default auth.uid(), task text not null);\n',
        // What postgres may do on the platform without being a superuser: an extension it allows,
        // row level security with a policy on auth.uid(), an index using the extension.
        'migrations/20240102000000_policies.sql': [
          'create extension if not exists pg_trgm with schema extensions;',
          'alter table public.todos enable row level security;',
          'create policy "own todos" on public.todos for all to authenticated using (owner = auth.uid());',
          'create index todos_task_trgm on public.todos using gin (task extensions.gin_trgm_ops);',
          '',
        ].join('\n'),
        'seed.sql': "insert into public.todos (task) values ('one'), ('two');\n",
      });
    });

    it('first start pulls nothing excluded, creates the containers, sets up the db and waits for health', async () => {
      const began = Date.now();
      const result = await dockerRuntime.start(project, options(project));
      console.log(`      first start: ${Date.now() - began} ms`);
      const id = project.config.project_id;
      assert.equal(result.fresh, true);
      assert.equal(result.dbUrl, `postgresql://postgres:postgres@127.0.0.1:${project.config.db.port}/postgres`);
      assert.deepEqual(result.pulled, []);
      assert.deepEqual(result.migrations, ['20240101000000_todos.sql', '20240102000000_policies.sql']);
      assert.equal(result.seeded, true);
      const outcome = Object.fromEntries(result.services.map((s) => [s.service, s.outcome]));
      assert.deepEqual(outcome, {
        vector: 'disabled', db: 'healthy', analytics: 'disabled', kong: 'healthy', auth: 'healthy', inbucket: 'healthy',
        realtime: 'excluded', rest: 'excluded', storage: 'excluded', imgproxy: 'excluded', 'edge-runtime': 'excluded',
        'pg-meta': 'excluded', studio: 'excluded', pooler: 'disabled',
      });
      assert.deepEqual(project.statuses, ['Starting database...', 'Setting up initial schema...', 'Starting containers...', 'Waiting for health checks...']);
      const names = (await containersOf(id)).map((c) => c.Names[0]!.replace(/^\//, '')).sort();
      assert.deepEqual(names, [`supabase_auth_${id}`, `supabase_db_${id}`, `supabase_inbucket_${id}`, `supabase_kong_${id}`]);
      // Excluded services were never pulled (every registry is blocked, so a pull would have failed).
      for (const image of ['supabase/realtime:v2.25.50', 'supabase/postgres-meta:v0.77.2']) {
        assert.equal(await docker.getImage(registryImage(image, env)).inspect().then(() => true, () => false), false);
      }
      const db = await docker.getContainer(`supabase_db_${id}`).inspect();
      assert.equal(db.Config.Labels[PROJECT_LABEL], id);
      assert.equal(db.Config.Labels[COMPOSE_LABEL], id);
      assert.deepEqual(db.HostConfig.PortBindings['5432/tcp'], [{ HostIp: '', HostPort: String(project.config.db.port) }]);
      assert.ok(db.NetworkSettings.Networks[networkName(id)]?.Aliases?.includes('db.supabase.internal'));
      assert.deepEqual(await volumesOf(id), [`supabase_config_${id}`, `supabase_db_${id}`, `supabase_inbucket_${id}`]);
      const rows = await sql(project, async (c) => (await c.query('select task from public.todos order by id')).rows.map((r) => r.task));
      assert.deepEqual(rows, ['one', 'two']);
      const roles = await sql(project, async (c) => (await c.query("select rolname from pg_roles where rolname in ('app_reader', 'authenticator') order by 1")).rows.map((r) => r.rolname));
      assert.deepEqual(roles, ['app_reader', 'authenticator']);
    });

    it('sets up the database as the platform image does, never as a superuser postgres', async () => {
      const one = async (text: string) => sql(project, async (c) => (await c.query(text)).rows[0] as Record<string, unknown>);
      // The image's role model held: the set-up never needed postgres to be more.
      assert.deepEqual(await sql(project, async (c) => (await c.query('select rolname from pg_roles where rolsuper order by 1')).rows.map((r) => r.rolname)), ['supabase_admin']);
      // The initial schema ran in the image's init as supabase_admin: what only a superuser makes.
      assert.deepEqual(await one("select pg_get_userbyid(evtowner) as owner from pg_event_trigger where evtname = 'issue_pg_net_access'"), { owner: 'supabase_admin' });
      assert.deepEqual(await one("select nspowner::regrole::text as owner from pg_namespace where nspname = 'supabase_functions'"), { owner: 'supabase_admin' });
      assert.deepEqual(await one("select proowner::regrole::text as owner, prosecdef from pg_proc where oid = 'supabase_functions.http_request()'::regprocedure"), { owner: 'supabase_functions_admin', prosecdef: true });
      assert.deepEqual(await one("select current_setting('app.settings.jwt_secret') as secret, current_setting('app.settings.jwt_exp') as exp"), { secret: project.config.auth.jwt_secret, exp: String(project.config.auth.jwt_expiry) });
      assert.deepEqual(await one("select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_net'"), { schema: 'extensions' });
      // The services' migrations ran through their images, as their owner roles, although -x left storage out.
      assert.deepEqual(await one("select relowner::regrole::text as owner from pg_class where oid = 'auth.users'::regclass"), { owner: 'supabase_auth_admin' });
      assert.deepEqual(await one("select relowner::regrole::text as owner from pg_class where oid = 'storage.buckets'::regclass"), { owner: 'supabase_storage_admin' });
      // The service roles log in with the project's password.
      for (const role of ['authenticator', 'supabase_auth_admin', 'supabase_storage_admin']) {
        const who = await withConnection({ port: project.config.db.port, user: role }, async (c) => (await c.query('select current_user as who')).rows[0].who);
        assert.equal(who, role);
      }
      // The migration's policy and extension are there, owned by postgres.
      assert.deepEqual(await one("select relowner::regrole::text as owner, relrowsecurity from pg_class where oid = 'public.todos'::regclass"), { owner: 'postgres', relrowsecurity: true });
      assert.deepEqual(await one("select policyname from pg_policies where tablename = 'todos'"), { policyname: 'own todos' });
    });

    it('a second start finds it running', async () => {
      const result = await dockerRuntime.start(project, options(project));
      assert.equal(result.alreadyRunning, true);
    });

    it('status reports each container and probes it once', async () => {
      const status = await dockerRuntime.status(project.config.project_id, project.config, { env, root: project.root });
      assert.equal(status.running, true);
      const byService = Object.fromEntries(status.services.map((s) => [s.service, [s.state, s.healthy]]));
      assert.deepEqual(byService.db, ['running', true]);
      assert.deepEqual(byService.kong, ['running', true]);
      assert.deepEqual(byService.auth, ['running', true]);
      assert.deepEqual(byService.realtime, ['absent', false]);
    });

    it('a port in use names the port and its config key, and who holds it', async () => {
      const other = await makeProject();
      other.config.db.port = project.config.db.port;
      await assert.rejects(dockerRuntime.start(other, options(other)), (err: Error & { suggestion?: string }) => {
        assert.match(err.message, new RegExp(`port ${project.config.db.port} is already in use \\(set by \\[db\\] port in supabase/config.toml\\)`));
        assert.match(err.suggestion ?? '', new RegExp(`supabase stop --project-id ${project.config.project_id}`));
        return true;
      });
      const held = await makeProject();
      const server = net.createServer().listen(held.config.api.port, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        await assert.rejects(dockerRuntime.start(held, options(held)), new RegExp(`port ${held.config.api.port} is already in use \\(set by \\[api\\] port`));
      } finally {
        server.close();
      }
      assert.deepEqual(await containersOf(held.config.project_id), []);
    });

    it('stop keeps the data in volumes', async () => {
      const id = project.config.project_id;
      const result = await dockerRuntime.stop(id, { backup: true, env });
      assert.equal(result.stopped.length, 4);
      assert.deepEqual(await containersOf(id), []);
      assert.deepEqual(await docker.listNetworks({ filters: projectFilter(id) }), []);
      assert.equal(result.volumesKept.length, 3);
    });

    it('starting again reuses the data without setting it up again', async () => {
      project.statuses.length = 0;
      const began = Date.now();
      const result = await dockerRuntime.start(project, options(project));
      console.log(`      start from backup: ${Date.now() - began} ms`);
      assert.equal(result.fresh, false);
      assert.equal(result.migrations, undefined);
      assert.equal(project.statuses[0], 'Starting database from backup...');
      const count = await sql(project, async (c) => (await c.query('select count(*)::int as n from public.todos')).rows[0].n);
      assert.equal(count, 2);
    });

    it('stop without backup removes the volumes', async () => {
      const id = project.config.project_id;
      await dockerRuntime.stop(id, { backup: false, env });
      assert.deepEqual(await containersOf(id), []);
      assert.deepEqual(await volumesOf(id), []);
    });
  });

  it('an image that is neither local nor pullable fails naming it, leaving nothing behind', async () => {
    const project = await makeProject();
    const exclude = NO_STAND_IN.filter((name) => name !== 'realtime');
    await assert.rejects(dockerRuntime.start(project, options(project, { exclude })), /failed to pull docker image public\.ecr\.aws\/supabase\/realtime:v2\.25\.50/);
    assert.deepEqual(await containersOf(project.config.project_id), []);
  });

  it('an unhealthy service fails the start and removes everything, unless health checks are ignored', async () => {
    const project = await makeProject();
    const id = project.config.project_id;
    const exclude = NO_STAND_IN.filter((name) => name !== 'studio');
    await assert.rejects(dockerRuntime.start(project, options(project, { exclude, healthTimeoutMs: 1_500 })), new RegExp(`^TaskError: service not healthy: \\[supabase_studio_${id}\\]`));
    assert.ok(project.notices.some((line) => line.startsWith(`supabase_studio_${id} container logs:`)));
    assert.deepEqual(await containersOf(id), []);
    assert.deepEqual(await volumesOf(id), []);
    const result = await dockerRuntime.start(project, options(project, { exclude, healthTimeoutMs: 1_500, ignoreHealthCheck: true }));
    assert.equal(result.services.find((s) => s.service === 'studio')?.outcome, 'unhealthy');
    assert.equal(result.healthError, `service not healthy: [supabase_studio_${id}]`);
    assert.equal(result.services.find((s) => s.service === 'db')?.outcome, 'healthy');
  });

  it('a set-up step that needs more rights than the image gives fails naming the step and statement, and leaves nothing behind', async () => {
    // A user migration: postgres is no superuser on the platform's image.
    const project = await makeProject({ 'migrations/20240101000000_trigger.sql': 'create table public.fine (id int);\ncreate event trigger reserved on ddl_command_end execute function pg_catalog.now();\n' });
    const id = project.config.project_id;
    await assert.rejects(dockerRuntime.start(project, options(project)), (err: Error) => {
      assert.match(err.message, /^failed to apply migration 20240101000000_trigger\.sql: ERROR: permission denied to create event trigger "reserved"/);
      assert.match(err.message, /At statement 1: create event trigger reserved/);
      return true;
    });
    assert.deepEqual(await containersOf(id), []);
    assert.deepEqual(await volumesOf(id), []);
    // A service's migration: it runs as its owner role, which may not either. Its stderr is passed
    // on line by line while it runs, and the error ends with its last lines, stdout's too.
    const broken = registryImage('supabase/storage-api:v0.0.0-fixture-denied-streamed', env);
    await ensureStorageImageMigrating(
      docker,
      broken,
      '\\warn stand-in storage migration begins\nselect pg_sleep(3);\n\\echo stand-in storage creates its tables\ncreate table storage.fine (id int);\ncreate event trigger reserved on ddl_command_end execute function pg_catalog.now();\n',
    );
    const other = await makeProject();
    other.config.images.storage = 'supabase/storage-api:v0.0.0-fixture-denied-streamed';
    // When each stderr line arrived: the first and the error are 3 s of pg_sleep apart when followed.
    const arrived = new Map<string, number>();
    const notice = (message: string) => {
      for (const line of message.split('\n')) if (!arrived.has(line)) arrived.set(line, Date.now());
      other.notices.push(message);
    };
    const failed = await dockerRuntime.start(other, options(other, { reporter: { notice } })).then(
      () => assert.fail('the start succeeded'),
      (err: Error) => err,
    );
    const lines = failed.message.split('\n');
    assert.equal(lines[0], `failed to set up the database (storage migrations, ${broken}): error running container: exit 3`);
    assert.equal(lines[1], "storage migrations container's last output:");
    assert.ok(lines.includes('  stand-in storage creates its tables'), failed.message);
    assert.ok(lines.some((line) => /^ {2}.*ERROR: {2}permission denied to create event trigger "reserved"/.test(line)), failed.message);
    assert.ok(other.notices.some((line) => /ERROR: {2}permission denied to create event trigger "reserved"/.test(line)), other.notices.join('\n'));
    // stdout is not passed on as it runs, as in the original.
    assert.ok(!other.notices.some((line) => line.includes('creates its tables')), other.notices.join('\n'));
    const begun = [...arrived].find(([line]) => line.includes('stand-in storage migration begins'))?.[1];
    const denied = [...arrived].find(([line]) => line.includes('permission denied to create event trigger'))?.[1];
    assert.ok(begun !== undefined && denied !== undefined && denied - begun >= 2_500, `the first line came ${Number(denied) - Number(begun)} ms before the error`);
    assert.deepEqual(await containersOf(other.config.project_id), []);
    assert.deepEqual(await volumesOf(other.config.project_id), []);
    assert.deepEqual(await docker.listNetworks({ filters: projectFilter(other.config.project_id) }), []);
  });
});
