/**
 * `functions serve` on the docker runtime against a real Docker Engine API (rootful Podman), with a
 * PostgreSQL image built from the host's install (with the platform image's role model), the auth and
 * storage stand-ins that migrate a new database, and a STAND-IN edge-runtime image: the real Deno
 * binary with a toy `EdgeRuntime.userWorkers` (test/integration/support/podman-images.ts). What is
 * tested for real: the container the CLI makes (image, entrypoint, command, environment, functions
 * config, mounts, network alias, labels), our main router running in it (health, 404, the JWT check,
 * handing requests to a worker), log streaming, Ctrl-C, and replacing the container on the next serve.
 * What is not: the real edge-runtime binary (its user workers, isolation, limits and import-map
 * handling), which exists only as an image that cannot be pulled here.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import { IMAGES } from '../../tasks/project/config-rules.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { dockerClient } from '../../tasks/docker/docker-client.js';
import { networkName, registryImage } from '../../tasks/docker/docker-names.js';
import { dockerRuntime } from '../../tasks/docker/docker-runtime.js';
import { denoBinary } from '../../tasks/functions/native/deno-binary.js';
import { runCli } from '../helpers/run-cli.js';
import { startCli, type BackgroundCli } from '../helpers/background-cli.js';
import { freePort, removeDir, tempDir } from './support/temp-project.js';
import { podmanOrSkip, type PodmanService } from './support/podman-service.js';
import { ensureBusyboxBase, ensureEdgeRuntimeStandIn, ensurePostgresImage, ensureServiceMigrationImages } from './support/podman-images.js';

const ANON = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** Every service but the database is left out of start; serve brings the edge runtime itself. */
const EXCLUDE = ['gotrue', 'realtime', 'storage-api', 'imgproxy', 'kong', 'inbucket', 'postgrest', 'postgres-meta', 'studio', 'edge-runtime', 'logflare', 'vector', 'pgbouncer'];

describe('functions serve on the docker runtime (podman, stand-in edge-runtime image)', function () {
  this.timeout(300_000);
  let podman: PodmanService | undefined;
  let docker: Docker;
  let env: NodeJS.ProcessEnv;
  let root = '';
  let projectId = '';
  let serving: BackgroundCli | undefined;
  const cli = (...args: string[]) => runCli(args, { cwd: root, env });

  before(async function () {
    podman = await podmanOrSkip(this);
    env = { ...process.env, DOCKER_HOST: podman.dockerHost, SUPABASE_INTERNAL_IMAGE_REGISTRY: '', SUPABASE_RUNTIME: 'auto' };
    for (const name of ['SUPABASE_AUTH_JWT_SECRET', 'SUPABASE_AUTH_ANON_KEY', 'SUPABASE_AUTH_SERVICE_ROLE_KEY', 'BITBUCKET_CLONE_DIR']) delete env[name];
    docker = dockerClient(env);
    await ensureBusyboxBase(docker, podman);
    await ensurePostgresImage(docker, registryImage(IMAGES.pg15, env));
    await ensureServiceMigrationImages(docker, { auth: registryImage(IMAGES.auth, env), storage: registryImage(IMAGES.storage, env) });
    await ensureEdgeRuntimeStandIn(docker, registryImage('supabase/edge-runtime:v1.36.1', env), denoBinary());

    root = await tempDir('functions-docker');
    assert.equal(cli('init').code, 0);
    const configFile = path.join(root, 'supabase', 'config.toml');
    let text = await readFile(configFile, 'utf8');
    for (const port of [54321, 54322, 54323, 54324]) text = text.replace(`port = ${port}\n`, `port = ${await freePort()}\n`);
    await writeFile(configFile, `${text}\n[functions.open]\nverify_jwt = false\n`);
    projectId = (await loadConfig(root, { env })).config.project_id;
    assert.equal(cli('functions', 'new', 'hello').code, 0);
    await mkdir(path.join(root, 'supabase/functions/open'), { recursive: true });
    await writeFile(path.join(root, 'supabase/functions/open/index.ts'), "Deno.serve(() => Response.json({ url: Deno.env.get('SUPABASE_URL'), greeting: Deno.env.get('GREETING') }));\n");
    await writeFile(path.join(root, 'supabase/functions/.env'), 'GREETING=from the fallback env file\n');
    const started = cli('start', '-x', EXCLUDE.join(','));
    assert.equal(started.code, 0, started.stderr);
  });

  after(async () => {
    await serving?.stop('SIGKILL');
    if (podman) {
      if (projectId) await dockerRuntime.destroyData(projectId, { env }).catch(() => undefined);
      await podman.stop();
    }
    if (root) await removeDir(root);
  });

  /** The edge runtime's address on the project network (rootful podman routes the host to it). */
  async function edgeRuntimeUrl(): Promise<string> {
    const info = await docker.getContainer(`supabase_edge_runtime_${projectId}`).inspect();
    return `http://${info.NetworkSettings.Networks[networkName(projectId)]!.IPAddress}:8081`;
  }

  it('runs the edge-runtime container as the original does and routes through our main router', async () => {
    serving = startCli(['functions', 'serve'], { cwd: root, env });
    await serving.waitFor(/Serving functions on http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/<function-name>/, 60_000);
    assert.match(serving.stderr(), /^Setting up Edge Functions runtime\.\.\.\n/);

    const info = await docker.getContainer(`supabase_edge_runtime_${projectId}`).inspect();
    assert.equal(info.Config.Image, registryImage('supabase/edge-runtime:v1.36.1', env));
    assert.deepEqual(info.Config.Entrypoint?.slice(0, 2), ['sh', '-c']);
    assert.match(String(info.Config.Entrypoint?.[2]), /^mkdir -p \/home\/deno\/main && cat <<'EOF' > \/home\/deno\/main\/index\.ts && edge-runtime start --main-service \/home\/deno\/main -p 8081\n/);
    const containerEnv = Object.fromEntries((info.Config.Env ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
    assert.equal(containerEnv.SUPABASE_URL, 'http://kong:8000');
    assert.equal(containerEnv.SUPABASE_DB_URL, 'postgresql://postgres:postgres@db:5432/postgres');
    assert.equal(containerEnv.SUPABASE_INTERNAL_FUNCTIONS_PATH, '/home/deno/functions');
    assert.equal(containerEnv.GREETING, 'from the fallback env file');
    assert.deepEqual(JSON.parse(containerEnv.SUPABASE_INTERNAL_FUNCTIONS_CONFIG!), {
      hello: { importMapPath: '/home/deno/fallback_import_map.json', verifyJWT: true },
      open: { importMapPath: '/home/deno/fallback_import_map.json', verifyJWT: false },
    });
    const mounts = Object.fromEntries(info.Mounts.map((mount) => [mount.Destination, mount.Source ?? mount.Name]));
    assert.equal(mounts['/home/deno/functions'], path.join(root, 'supabase/functions'));
    assert.ok(mounts['/home/deno/fallback_import_map.json']?.includes(path.join('supabase', '.temp', 'import_maps')));
    assert.ok(info.NetworkSettings.Networks[networkName(projectId)]?.Aliases?.includes('edge_runtime'));
    assert.equal(info.Config.Labels['com.supabase.cli.project'], projectId);

    const base = await edgeRuntimeUrl();
    assert.deepEqual(await (await fetch(`${base}/_internal/health`)).json(), { message: 'ok' });
    const hello = await fetch(`${base}/hello`, { method: 'POST', headers: { Authorization: `Bearer ${ANON}` }, body: JSON.stringify({ name: 'Functions' }) });
    assert.deepEqual([hello.status, await hello.json()], [200, { message: 'Hello Functions!' }]);
    const anonymous = await fetch(`${base}/hello`, { method: 'POST', body: '{}' });
    assert.deepEqual([anonymous.status, await anonymous.json()], [401, { msg: 'Error: Missing authorization header' }]);
    const forged = await fetch(`${base}/hello`, { method: 'POST', headers: { Authorization: `Bearer ${ANON.slice(0, -2)}xx` }, body: '{}' });
    assert.deepEqual([forged.status, await forged.json()], [401, { msg: 'Invalid JWT' }]);
    const open = await fetch(`${base}/open`);
    assert.deepEqual(await open.json(), { url: 'http://kong:8000', greeting: 'from the fallback env file' });
    assert.equal((await fetch(`${base}/nothing`)).status, 404);

    await serving.waitFor(/serving the request with \/home\/deno\/functions\/hello/);
    assert.equal(await serving.stop('SIGINT'), 0);
    assert.match(serving.stdout(), /Stopped serving supabase\/functions\n$/);
    serving = undefined;
  });

  it('the next serve replaces the container, with its flags', async () => {
    const before = (await docker.getContainer(`supabase_edge_runtime_${projectId}`).inspect()).Id;
    serving = startCli(['functions', 'serve', '--no-verify-jwt'], { cwd: root, env });
    await serving.waitFor(/Serving functions on/, 60_000);
    const info = await docker.getContainer(`supabase_edge_runtime_${projectId}`).inspect();
    assert.notEqual(info.Id, before);
    const config = JSON.parse(info.Config.Env!.find((pair) => pair.startsWith('SUPABASE_INTERNAL_FUNCTIONS_CONFIG='))!.split('=').slice(1).join('='));
    assert.equal(config.hello.verifyJWT, false);
    const hello = await fetch(`${await edgeRuntimeUrl()}/hello`, { method: 'POST', body: JSON.stringify({ name: 'anyone' }) });
    assert.equal(hello.status, 200);
    assert.equal(await serving.stop('SIGINT'), 0);
    serving = undefined;
  });
});
