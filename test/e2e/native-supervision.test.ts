/**
 * The native stack's own processes under a running stack, through the CLI as a process: a service
 * or the pg_net worker that dies is named by `status` with its log, and `start` on the running
 * stack starts it again (pg_net's queued request is then sent); a service left out with -x after a
 * failed start of it is never reported; and `stop` ends the server even when its data folder was
 * deleted under it, so the next start gets its port.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import { withConnection } from '../../tasks/db/connect.js';
import { mailCatcherStatus } from '../../tasks/mail-catcher/mail-process.js';
import { clusterPaths } from '../../tasks/native/native-paths.js';
import { isProcessAlive, readPidFile } from '../../tasks/native/pg-process.js';
import { pgNetWorkerStatus } from '../../tasks/pg-net/pg-net-process.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function killAndWait(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  for (let tries = 0; tries < 200 && (await isProcessAlive(pid)); tries++) await sleep(20);
}

describe('native stack processes: supervision, exclusion and stop', function () {
  this.timeout(180_000);
  let project: CliProject;
  let projectId: string;
  let server: http.Server;
  let base: string;

  before(async () => {
    project = await cliProject('native-supervision');
    projectId = path.basename(project.root);
    server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    project?.dispose();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('status names a dead pg_net worker and a dead mail catcher, each with its log', async () => {
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    await withConnection({ port: project.port }, (client) => client.query('create extension if not exists pg_net'));
    const worker = await pgNetWorkerStatus(projectId, project.env);
    const mail = await mailCatcherStatus(projectId, project.env);
    assert.ok(worker.pid && mail.pid);
    await killAndWait(worker.pid);
    await killAndWait(mail.pid);
    const status = project.run(['status']);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stderr, /^Exited: pg_net worker \(its log: .*\/pg-net-worker\.log\)\. Run supabase start to start it again\.$/m);
    assert.match(status.stderr, /^Exited: inbucket \(its log: .*\/mail-catcher\.log\)\. Run supabase start to start it again\.$/m);
  });

  it('start on the running stack starts both again, and the request queued meanwhile is sent', async () => {
    const id = await withConnection({ port: project.port }, async (client) => String((await client.query<{ id: string }>('select net.http_get($1) as id', [`${base}/queued`])).rows[0].id));
    const again = project.run(['start']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /^Started again what had exited: inbucket, pg_net worker\.$/m);
    assert.match(again.stderr, /^supabase start is already running\.$/m);
    assert.equal((await pgNetWorkerStatus(projectId, project.env)).running, true);
    assert.equal((await mailCatcherStatus(projectId, project.env)).state, 'running');
    const status = project.run(['status']);
    assert.doesNotMatch(status.stderr, /Exited/);
    assert.match(status.stdout, /Inbucket URL/);
    const code = await withConnection({ port: project.port }, async (client) => {
      for (const deadline = Date.now() + 5000; Date.now() < deadline; await sleep(25)) {
        const rows = (await client.query<{ status_code: number }>('select status_code from net._http_response where id = $1', [id])).rows;
        if (rows[0]) return rows[0].status_code;
      }
      return undefined;
    });
    assert.equal(code, 200);
    // The journal tells it: found failed, started again, healthy.
    const events = project.run(['events', '--stream', 'stack', '-o', 'json']);
    assert.match(events.stdout, /"type":\s*"SERVICE_FAILED"[\s\S]*"its process had exited"/);
  });

  it('after a start that failed on pg-meta, start -x postgres-meta never reports pg-meta', async () => {
    assert.equal(project.run(['stop']).code, 0);
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(Number(project.env.SUPABASE_PG_META_PORT), '127.0.0.1', resolve));
    try {
      const failed = project.run(['start']);
      assert.equal(failed.code, 1, failed.stdout);
      assert.match(failed.stderr, /postgres-meta: port \d+ is already in use/);
      const started = project.run(['start', '-x', 'postgres-meta']);
      assert.equal(started.code, 0, started.stderr);
      const status = project.run(['status']);
      assert.equal(status.code, 0, status.stderr);
      assert.doesNotMatch(`${started.stderr}\n${status.stderr}`, /Exited|Still loading/);
      assert.match(status.stderr, /^Excluded: .*\bpg-meta\b/m);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('a start after a stop writes nothing for the services no start ran, and starts one excluded before', async () => {
    // pg-meta is excluded since the test above, and the native runtime's unavailable services stay so.
    assert.equal(project.run(['stop']).code, 0);
    const journal = path.join(project.root, 'supabase', '.temp', 'events.jsonl');
    const linesBefore = readFileSync(journal, 'utf8').trimEnd().split('\n').length;
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const written = readFileSync(journal, 'utf8').trimEnd().split('\n').slice(linesBefore).map((line) => JSON.parse(line) as { stream: string; type: string; data: { service?: string } });
    const stack = written.filter((event) => event.stream === 'stack');
    assert.deepEqual(stack.filter((event) => event.type === 'SERVICE_STOPPED').map((event) => event.data.service), []);
    assert.ok(stack.some((event) => event.type === 'SERVICE_STARTING' && event.data.service === 'pg-meta'), 'pg-meta, excluded before, is started');
    assert.ok(stack.some((event) => event.type === 'SERVICE_UNAVAILABLE' && event.data.service === 'imgproxy'));
  });

  it('stop ends the server although its data folder was deleted, and the next start gets the port', async () => {
    const { dataDir } = clusterPaths(projectId, project.env);
    const postmaster = await readPidFile(dataDir);
    assert.ok(postmaster);
    rmSync(dataDir, { recursive: true, force: true });
    const stopped = project.run(['stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(await isProcessAlive(postmaster.pid), false, 'the server of the deleted folder still runs');
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
  });

  it('stop ends the server and the services although the project\'s whole native folder was deleted', async () => {
    const { root, dataDir } = clusterPaths(projectId, project.env);
    const postmaster = await readPidFile(dataDir);
    const mail = await mailCatcherStatus(projectId, project.env);
    assert.ok(postmaster && mail.pid);
    rmSync(root, { recursive: true, force: true });
    const stopped = project.run(['stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(await isProcessAlive(postmaster.pid), false, 'the server of the deleted folder still runs');
    assert.equal(await isProcessAlive(mail.pid), false, 'the mail catcher of the deleted folder still runs');
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
  });
});
