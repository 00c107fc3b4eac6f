/**
 * The docker runtime's start as listr2 steps, through the built CLI against a real Docker Engine
 * API (rootful Podman, the locally built images of podman-images.ts): in a terminal (tmux) each
 * step is a task drawn under the stack's task (the set-up's SQL steps under its own, a subtask per
 * container); without one, the titles are the original's plain lines on stdout, in its order. A
 * health wait that fails marks that container's step failed, and the stack is stopped by the
 * machine's recovery: the journal ends the start with START_FAILED, STOP and STOPPED, and nothing
 * of the project is left.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { IMAGES } from '../../tasks/project/config-rules.js';
import { dockerClient } from '../../tasks/docker/docker-client.js';
import { projectFilter, registryImage } from '../../tasks/docker/docker-names.js';
import { dockerRuntime } from '../../tasks/docker/docker-runtime.js';
import { BIN, runCli } from '../helpers/run-cli.js';
import { requireCommand } from '../helpers/require-command.js';
import { freePort, removeDir, tempDir } from './support/temp-project.js';
import { podmanOrSkip, type PodmanService } from './support/podman-service.js';
import { ensureBusyboxBase, ensurePostgresImage, ensureServiceMigrationImages, ensureStandInImage } from './support/podman-images.js';

/** Services without a stand-in image. */
const NO_STAND_IN = ['realtime', 'storage-api', 'imgproxy', 'postgrest', 'postgres-meta', 'studio', 'edge-runtime'];

describe('the docker start as listr2 steps (podman)', function () {
  this.timeout(240_000);
  let podman: PodmanService | undefined;
  let docker: Docker;
  let env: NodeJS.ProcessEnv;
  const projectIds: string[] = [];
  const folders: string[] = [];
  let screens = 0;

  before(async function () {
    requireCommand(this, 'tmux', ['-V'], 'install the Debian package tmux (.ci/run does)');
    podman = await podmanOrSkip(this);
    env = { ...process.env, DOCKER_HOST: podman.dockerHost, SUPABASE_INTERNAL_IMAGE_REGISTRY: '', SUPABASE_RUNTIME: 'docker' };
    for (const name of ['SUPABASE_AUTH_JWT_SECRET', 'SUPABASE_AUTH_ANON_KEY', 'SUPABASE_AUTH_SERVICE_ROLE_KEY', 'BITBUCKET_CLONE_DIR']) delete env[name];
    docker = dockerClient(env);
    await ensureBusyboxBase(docker, podman);
    await ensurePostgresImage(docker, registryImage(IMAGES.pg15, env));
    await ensureStandInImage(docker, registryImage('library/kong:2.8.1', env), [8000, 8088]);
    await ensureServiceMigrationImages(docker, { auth: registryImage(IMAGES.auth, env), storage: registryImage(IMAGES.storage, env) });
    await ensureStandInImage(docker, registryImage('inbucket/inbucket:3.0.3', env), [9000, 2500, 1100]);
    // Listening on the wrong port (as in docker-runtime.test.ts): studio never becomes ready.
    await ensureStandInImage(docker, registryImage('supabase/studio:20240205-b145c86', env), [3999]);
  });

  after(async () => {
    if (podman) {
      for (const id of projectIds) await dockerRuntime.destroyData(id, { env }).catch(() => undefined);
      await podman.stop();
    }
    await Promise.all(folders.map(removeDir));
  });

  /** A project made by init, with free ports, one migration and a seed. */
  async function makeProject(): Promise<{ root: string; id: string }> {
    const root = await tempDir('docker-steps');
    folders.push(root);
    await initProject(root);
    const configFile = path.join(root, 'supabase', 'config.toml');
    let text = await readFile(configFile, 'utf8');
    for (const port of [54321, 54322, 54323, 54324, 54327, 54329]) text = text.replace(`port = ${port}\n`, `port = ${await freePort()}\n`);
    await writeFile(configFile, text);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_notes.sql'), 'create table public.notes (id int primary key);\n');
    await writeFile(path.join(root, 'supabase', 'seed.sql'), 'insert into public.notes values (1);\n');
    const { config } = await loadConfig(root, { env });
    projectIds.push(config.project_id);
    return { root, id: config.project_id };
  }

  /** Runs `supabase <args>` in a fresh 100x60 terminal; returns everything it drew (scrollback too) and its exit code. */
  async function onScreen(root: string, args: string[]): Promise<{ screen: string; code: number }> {
    const socket = `supabase-docker-steps-${process.pid}-${++screens}`;
    const tmux = (...rest: string[]) => spawnSync('tmux', ['-L', socket, ...rest], { encoding: 'utf8', env: { ...env, SUPABASE_DEBUG: '' } });
    const command = `cd ${root} && ${process.execPath} ${BIN} ${args.join(' ')}; echo "[exit $?]"; sleep 300`;
    assert.equal(tmux('new-session', '-d', '-s', 'cli', '-x', '100', '-y', '60', command).status, 0);
    const screen = () => tmux('capture-pane', '-p', '-S', '-500', '-t', 'cli').stdout;
    try {
      for (const deadline = Date.now() + 180_000; !/\[exit \d+\]/.test(screen()); ) {
        assert.ok(Date.now() < deadline, `the command did not finish:\n${screen()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const text = screen();
      return { screen: text, code: Number(/\[exit (\d+)\]/.exec(text)![1]) };
    } finally {
      tmux('kill-server');
    }
  }

  /** The project's journal as `supabase events` gives it. */
  function stackEvents(root: string): Array<{ stream: string; type: string; data: Record<string, unknown> }> {
    const events = runCli(['events', '-o', 'json'], { cwd: root, env });
    return (JSON.parse(events.stdout) as Array<{ stream: string; type: string; data: Record<string, unknown> }>).filter((event) => event.stream === 'stack');
  }

  const containersOf = (id: string) => docker.listContainers({ all: true, filters: projectFilter(id) });

  it('without a terminal: the steps are the original plain lines on stdout, in its order, SQL steps on stderr', async () => {
    const { root } = await makeProject();
    const started = runCli(['start', '-x', NO_STAND_IN.join(',')], { cwd: root, env });
    assert.equal(started.code, 0, started.stderr);
    // The progress lines come first on stdout, then the status block.
    const progress = started.stdout.split('\n').slice(0, 5);
    assert.deepEqual(progress.slice(0, 4), ['Starting database...', 'Setting up initial schema...', 'Starting containers...', 'Waiting for health checks...']);
    assert.doesNotMatch(progress[4] ?? '', /\.\.\.$/);
    // Nothing of a terminal renderer: no marks, no escape sequences.
    assert.doesNotMatch(started.stdout + started.stderr, /[✔✖❯◼]/);
    assert.ok(!`${started.stdout}${started.stderr}`.includes('\u001b['), started.stderr);
    assert.match(started.stderr, /Applying migration 20240101000000_notes\.sql\.\.\.\nSeeding data supabase\/seed\.sql\.\.\.\n/);
    assert.match(started.stderr, /Started supabase local development setup\./);
    assert.equal(runCli(['stop', '--no-backup'], { cwd: root, env }).code, 0);
  });

  it('in a terminal: each step is a task under the stack task, the set-up SQL under its step, a subtask per container', async () => {
    const { root, id } = await makeProject();
    const { screen, code } = await onScreen(root, ['start', '-x', NO_STAND_IN.join(',')]);
    assert.equal(code, 0, screen);
    const lines = screen.split('\n').map((line) => line.trimEnd());
    // Each line found after the one before it.
    let from = 0;
    const at = (pattern: RegExp) => {
      const index = lines.findIndex((line, i) => i >= from && pattern.test(line));
      from = index + 1;
      return index;
    };
    const order = [
      /^✔ Starting the local stack \(docker\)$/,
      /^ {2}✔ Checking images$/,
      /^ {2}✔ Starting database\.\.\.$/,
      /^ {2}✔ Setting up initial schema\.\.\.$/,
      /^ {4}✔ Applying migration 20240101000000_notes\.sql\.\.\.$/,
      /^ {4}✔ Seeding data supabase\/seed\.sql\.\.\.$/,
      /^ {2}✔ Starting containers\.\.\.$/,
      new RegExp(`^ {4}✔ supabase_kong_${id}$`),
      /^ {2}✔ Waiting for health checks\.\.\.$/,
      new RegExp(`^ {4}✔ supabase_auth_${id}$`),
    ].map(at);
    assert.ok(order.every((index) => index >= 0), `${JSON.stringify(order)}\n${screen}`);
    assert.match(screen, /Started supabase local development setup\./);
    assert.equal(runCli(['stop', '--no-backup'], { cwd: root, env }).code, 0);
  });

  it('a failed health wait marks its container failed, and the machine stops the stack', async () => {
    const { root, id } = await makeProject();
    const exclude = NO_STAND_IN.filter((name) => name !== 'studio');
    const { screen, code } = await onScreen(root, ['start', '-x', exclude.join(',')]);
    assert.equal(code, 1, screen);
    const lines = screen.split('\n').map((line) => line.trimEnd());
    const waiting = lines.findIndex((line) => /^ {2}. Waiting for health checks\.\.\.$/.test(line));
    assert.ok(waiting >= 0, screen);
    assert.ok(lines.slice(waiting + 1).some((line) => line === `    ✖ supabase_studio_${id}`), screen);
    assert.ok(lines.slice(waiting + 1).some((line) => line === `    ✔ supabase_kong_${id}`), screen);
    // The failing container's logs stay on screen under the step.
    assert.ok(lines.slice(waiting + 1).some((line) => line === `    › supabase_studio_${id} container logs:`), screen);
    assert.equal(screen.match(new RegExp(`service not healthy: \\[supabase_studio_${id}\\]`, 'g'))?.length, 1, screen);
    assert.doesNotMatch(screen, /unexpected error|\n\s+at /);
    const stack = stackEvents(root);
    const start = stack.map((event) => event.type).lastIndexOf('START');
    const after = stack.slice(start).filter((event) => !event.data.service).map((event) => event.type);
    assert.deepEqual(after, ['START', 'START_FAILED', 'STOP', 'STOPPED'], JSON.stringify(stack.slice(start)));
    assert.equal(stack.slice(start).find((event) => event.type === 'START_FAILED')?.data.error, `service not healthy: [supabase_studio_${id}]`);
    assert.deepEqual(await containersOf(id), []);
    assert.deepEqual(await docker.listNetworks({ filters: projectFilter(id) }), []);
  });
});
