/**
 * pg_net on the native runtime, end to end: a project whose migrations create the extension (if
 * not there: it is preinstalled) and a database webhook is started with `supabase start` (real
 * PostgreSQL, the real worker process), its requests go to a real HTTP server on loopback, and the responses, timeouts and failures land in
 * `net._http_response` as on the platform. `db reset`, a second database, a pgTAP file, `stop`
 * and a killed server are covered too.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import { withConnection } from '../../tasks/db/connect.js';
import { clusterPaths } from '../../tasks/native/native-paths.js';
import { isProcessAlive, readPidFile } from '../../tasks/native/pg-process.js';
import { ensurePgNetWorker, launchPgNetWorker, pgNetWorkerStatus, stopPgNetWorker } from '../../tasks/pg-net/pg-net-process.js';
import { NO_PG_NET_EXIT_CODE, WORKER_APPLICATION_NAME } from '../../tasks/pg-net/pg-net-settings.js';
import { closeServer } from '../helpers/close-server.js';
import { runMain } from '../helpers/run-cli.js';
import { freePort, nativeTestEnv, pgMetaPortEnv, removeDir, tempDir, withFreeServicePorts } from './support/temp-project.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What real projects write (a no-op here: pg_net is preinstalled), and a database webhook. */
const MIGRATION = `create extension if not exists pg_net with schema extensions;
create table public.orders (id int primary key, item text);
`;
const webhook = (url: string) => `create trigger orders_webhook after insert on public.orders
  for each row execute function supabase_functions.http_request('${url}/webhook', 'POST', '{"Content-Type": "application/json"}', '{}', '1000');
`;

/** A pgTAP file: the request commits with its statement, then the file waits up to a second for the row. */
const pgtapFile = (url: string) => `select plan(3);
create temp table sent as select net.http_post(url := '${url}/tap', body := '{"from": "pgtap"}'::jsonb) as id;
do $wait$
begin
  for attempt in 1..100 loop
    exit when exists (select 1 from net._http_response r join sent using (id));
    perform pg_sleep(0.01);
  end loop;
end
$wait$;
select is((select status_code from net._http_response r join sent using (id)), 201, 'the response row appears within a second');
select is((select content::jsonb ->> 'method' from net._http_response r join sent using (id)), 'POST', 'the server saw a POST');
select is((select count(*)::int from net.http_request_queue q join sent using (id)), 0, 'the request left the queue');
select * from finish();
`;

/** Whether a pid is gone within `ms` (a stopped process is not our child, so it is never a zombie here). */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (!(await isProcessAlive(pid))) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return !(await isProcessAlive(pid));
}

describe('pg_net on the native runtime', function () {
  this.timeout(120_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let server: http.Server;
  let base: string;
  const received: Received[] = [];
  const cli = (args: string[]) => runMain([...args, '--workdir', root], { env });
  const query = <T extends pg.QueryResultRow>(sql: string, values: unknown[] = [], database = 'postgres') =>
    withConnection({ port, database }, async (client) => (await client.query<T>(sql, values)).rows);

  /** Polls for a request's response row; returns it with how long it took. */
  async function responseOf(id: string, withinMs: number, database = 'postgres'): Promise<{ row: Record<string, unknown>; ms: number }> {
    const began = Date.now();
    return withConnection({ port, database }, async (client) => {
      while (Date.now() - began < withinMs) {
        const rows = (await client.query('select * from net._http_response where id = $1', [id])).rows;
        if (rows[0]) return { row: rows[0] as Record<string, unknown>, ms: Date.now() - began };
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no response row for request ${id} in database ${database} within ${withinMs} ms`);
    });
  }

  before(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        if (request.url!.startsWith('/slow')) return; // never answers: the request must time out
        response.writeHead(201, { 'Content-Type': 'application/json', 'X-Reply': 'from-test' });
        response.end(JSON.stringify({ method: request.method, url: request.url, body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    root = await tempDir('pgnet');
    env = await nativeTestEnv({ SUPABASE_RUNTIME: 'native', ...(await pgMetaPortEnv()) });
    assert.equal((await cli(['init'])).code, 0);
    port = await freePort();
    const config = path.join(root, 'supabase', 'config.toml');
    const text = await withFreeServicePorts((await readFile(config, 'utf8')).replace(/^port = 54322$/m, `port = ${port}`));
    await writeFile(config, text);
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_pg_net.sql'), MIGRATION);
    await writeFile(path.join(root, 'supabase', 'migrations', '20240102000000_webhook.sql'), webhook(base));
    await mkdir(path.join(root, 'supabase', 'tests'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'tests', 'pg_net_test.sql'), pgtapFile(base));
    const started = await cli(['start']);
    assert.equal(started.code, 0, started.stderr);
  });

  after(async () => {
    if (root) await cli(['stop', '--no-backup']).catch(() => undefined);
    await closeServer(server);
    if (root) await removeDir(root);
  });

  it('is preinstalled in schema extensions from our control file, which says it is the native runtime implementation', async () => {
    const [row] = await query<{ version: string; comment: string; schema: string }>(
      `select e.extversion as version, a.comment, e.extnamespace::regnamespace::text as schema
         from pg_extension e join pg_available_extensions a on a.name = e.extname where e.extname = 'pg_net'`,
    );
    assert.equal(row?.version, '0.7.1');
    assert.equal(row.schema, 'extensions');
    assert.match(row!.comment, /native runtime implementation/);
    const status = await pgNetWorkerStatus(path.basename(root), env);
    assert.equal(status.running, true, 'start runs the worker');
    await query('select net.check_worker_is_up()');
  });

  it('delivers net.http_post (method, headers, body, params) and its response row appears within a second', async () => {
    const [{ id }] = await query<{ id: string }>(
      `select net.http_post(url := $1, body := '{"hello": "world"}'::jsonb, params := '{"q": "a b/c"}'::jsonb,
         headers := '{"Content-Type": "application/json", "X-Custom": "yes"}'::jsonb) as id`,
      [`${base}/post`],
    );
    const { row, ms } = await responseOf(id, 1000);
    assert.ok(ms < 1000, `took ${ms} ms`);
    const seen = received.find((r) => r.url.startsWith('/post'));
    assert.ok(seen, 'the server saw the request');
    assert.equal(seen.method, 'POST');
    assert.equal(seen.url, '/post?q=a%20b%2Fc');
    assert.equal(seen.headers['x-custom'], 'yes');
    assert.equal(seen.headers['content-type'], 'application/json');
    assert.equal(seen.headers['user-agent'], 'pg_net/0.7.1');
    assert.deepEqual(JSON.parse(seen.body), { hello: 'world' });
    assert.equal(row.status_code, 201);
    assert.equal(row.content_type, 'application/json');
    assert.equal((row.headers as Record<string, string>)['X-Reply'], 'from-test');
    assert.equal(JSON.parse(row.content as string).method, 'POST');
    assert.equal(row.timed_out, false);
    assert.equal(row.error_msg, null);
    assert.deepEqual(await query('select * from net.http_request_queue where id = $1', [id]), [], 'the queue row is deleted');
    const [collected] = await query<{ status: string; code: number }>('select (r).status::text as status, ((r).response).status_code as code from net.http_collect_response($1) r', [id]);
    assert.deepEqual(collected, { status: 'SUCCESS', code: 201 });
  });

  it('serves `postgres` on the one connection it watches the cluster with (each session is a server process)', async () => {
    // The request above was served, so the queue of `postgres` is up by now.
    const sessions = await query<{ datname: string; count: number }>(
      'select datname, count(*)::int as count from pg_stat_activity where application_name = $1 group by datname',
      [WORKER_APPLICATION_NAME],
    );
    assert.deepEqual(sessions, [{ datname: 'postgres', count: 1 }]);
    const [{ id }] = await query<{ id: string }>('select net.http_get(url := $1) as id', [`${base}/shared`]);
    assert.equal((await responseOf(id, 1000)).row.status_code, 201, 'and that one connection still serves the queue');
  });

  it('fires a database webhook (supabase_functions.http_request) with the row as its payload', async () => {
    await query("insert into public.orders values (7, 'book')");
    const [hook] = await query<{ request_id: string; hook_name: string }>('select request_id, hook_name from supabase_functions.hooks order by id desc limit 1');
    assert.equal(hook?.hook_name, 'orders_webhook');
    const { row } = await responseOf(hook.request_id, 1000);
    assert.equal(row.status_code, 201);
    const seen = received.find((r) => r.url === '/webhook');
    assert.deepEqual(JSON.parse(seen!.body), { type: 'INSERT', table: 'orders', schema: 'public', record: { id: 7, item: 'book' }, old_record: null });
  });

  it('grants the request functions to the API roles, not to everyone', async () => {
    const [row] = await query<{ anon: boolean; public_role: boolean }>(
      `select has_function_privilege('anon', 'net.http_post(text, jsonb, jsonb, jsonb, integer)', 'execute') as anon,
              exists (select 1 from pg_proc p, aclexplode(p.proacl) a where p.oid = 'net.http_post(text, jsonb, jsonb, jsonb, integer)'::regprocedure and a.grantee = 0) as public_role`,
    );
    assert.deepEqual(row, { anon: true, public_role: false });
  });

  it('sends net.http_get and net.http_delete with their headers', async () => {
    const [{ get, del }] = await query<{ get: string; del: string }>(
      `select net.http_get($1, '{"a": "1", "é": "ü~"}'::jsonb, '{"X-Get": "g"}'::jsonb) as get, net.http_delete($2) as del`,
      [`${base}/get`, `${base}/delete`],
    );
    await responseOf(get, 1000);
    await responseOf(del, 1000);
    const seenGet = received.find((r) => r.url.startsWith('/get'));
    assert.equal(seenGet?.method, 'GET');
    assert.equal(seenGet?.url, '/get?a=1&%C3%A9=%C3%BC~', 'params are percent-encoded as UTF-8, unreserved characters kept');
    assert.equal(seenGet?.headers['x-get'], 'g');
    assert.equal(received.find((r) => r.url.startsWith('/delete'))?.method, 'DELETE');
  });

  it('honours the timeout: a server that does not answer gives timed_out', async () => {
    const [{ id }] = await query<{ id: string }>('select net.http_get($1, timeout_milliseconds := 300) as id', [`${base}/slow`]);
    const { row, ms } = await responseOf(id, 3000);
    assert.ok(ms >= 250 && ms < 1500, `timed out after ${ms} ms`);
    assert.equal(row.timed_out, true);
    assert.equal(row.error_msg, 'Timeout was reached');
    assert.equal(row.status_code, null);
    const [collected] = await query<{ status: string }>('select (net._http_collect_response($1)).status::text as status', [id]);
    assert.equal(collected?.status, 'ERROR');
  });

  it('records a connection failure, or a header HTTP cannot carry, in error_msg', async () => {
    const closed = await freePort();
    const [{ id }] = await query<{ id: string }>('select net.http_get($1) as id', [`http://127.0.0.1:${closed}/`]);
    const { row } = await responseOf(id, 2000);
    assert.match(row.error_msg as string, /ECONNREFUSED/);
    assert.equal(row.status_code, null);
    const [bad] = await query<{ id: string }>(`select net.http_get($1, headers := jsonb_build_object('X-Bad', e'a\\nb')) as id`, [`${base}/bad-header`]);
    assert.match((await responseOf(bad!.id, 2000)).row.error_msg as string, /header/i, 'a header HTTP cannot carry is an error row, not a lost request');
  });

  it('a request rolled back is never sent', async () => {
    const before = received.length;
    await withConnection({ port }, async (client) => {
      await client.query('begin');
      await client.query('select net.http_get($1)', [`${base}/rolled-back`]);
      await client.query('rollback');
    });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    assert.equal(received.slice(before).filter((r) => r.url.startsWith('/rolled-back')).length, 0);
  });

  it('passes a pgTAP test through supabase test db', async () => {
    const result = await cli(['test', 'db']);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /pg_net_test\.sql \.\. ok/);
  });

  it('serves another database once the extension is created there', async () => {
    await query('create database "other db"');
    try {
      await query('create extension pg_net', [], 'other db');
      const [{ id }] = await query<{ id: string }>('select net.http_post($1) as id', [`${base}/other`], 'other db');
      // Found by the worker's next scan of the cluster (every second), then at once.
      const { row } = await responseOf(id, 3000, 'other db');
      assert.equal(row.status_code, 201);
    } finally {
      await query('drop database "other db" with (force)');
    }
  });

  it('serves the database again after db reset', async () => {
    const reset = await cli(['db', 'reset']);
    assert.equal(reset.code, 0, reset.stderr);
    const [{ id }] = await query<{ id: string }>('select net.http_post($1) as id', [`${base}/after-reset`]);
    const { row } = await responseOf(id, 3000);
    assert.equal(row.status_code, 201);
  });

  it('a worker launched beside the server says when it has connected, and its session is there by then', async () => {
    const projectId = path.basename(root);
    const postmaster = await readPidFile(clusterPaths(projectId, env).dataDir);
    assert.ok(postmaster);
    await stopPgNetWorker(projectId, env);
    const launched = await launchPgNetWorker({ projectId, port, postmasterPid: postmaster.pid, env });
    // The launcher takes this word instead of looking at pg_stat_activity every 20 ms.
    assert.equal(await launched.said, true);
    assert.equal((await query('select 1 from pg_stat_activity where application_name = $1', [WORKER_APPLICATION_NAME])).length, 1);
    assert.equal((await pgNetWorkerStatus(projectId, env)).running, true);
  });

  it('a worker launched beside a server offering no pg_net of ours exits saying so, and none is kept', async () => {
    const projectId = path.basename(root);
    const postmaster = await readPidFile(clusterPaths(projectId, env).dataDir);
    assert.ok(postmaster);
    await stopPgNetWorker(projectId, env);
    // The worker asks pg_available_extensions whether pg_net is ours; its role's search_path finds
    // a decoy first, as a server with another build of pg_net would answer.
    await query('create schema decoy');
    await query('create view decoy.pg_available_extensions as select * from pg_catalog.pg_available_extensions where false');
    await query('alter role postgres in database postgres set search_path = decoy, pg_catalog');
    try {
      const launched = launchPgNetWorker({ projectId, port, postmasterPid: postmaster.pid, env });
      // start's way: the word or the exit code tells, with no session of its own to ask the server.
      assert.equal(await ensurePgNetWorker({ projectId, port, env, launched }), undefined);
      assert.equal((await launched).exitCode(), NO_PG_NET_EXIT_CODE);
      assert.equal((await pgNetWorkerStatus(projectId, env)).running, false);
    } finally {
      await query('alter role postgres in database postgres reset search_path');
      await query('drop schema decoy cascade');
    }
    assert.ok(await ensurePgNetWorker({ projectId, port, env }), 'a worker again for the tests after this one');
  });

  it('stop ends the worker, and start brings one back', async () => {
    const projectId = path.basename(root);
    const { pid } = await pgNetWorkerStatus(projectId, env);
    assert.ok(pid);
    assert.equal((await cli(['stop'])).code, 0);
    assert.ok(await goneWithin(pid, 1000), 'the worker is gone after stop');
    assert.equal((await pgNetWorkerStatus(projectId, env)).running, false);
    const again = await cli(['start']);
    assert.equal(again.code, 0, again.stderr);
    const restarted = await pgNetWorkerStatus(projectId, env);
    assert.equal(restarted.running, true);
    assert.notEqual(restarted.pid, pid);
  });

  it('the worker exits by itself when PostgreSQL is killed', async () => {
    const projectId = path.basename(root);
    const { pid } = await pgNetWorkerStatus(projectId, env);
    const postmaster = await readPidFile(clusterPaths(projectId, env).dataDir);
    assert.ok(pid && postmaster);
    process.kill(postmaster.pid, 'SIGKILL');
    assert.ok(await goneWithin(pid, 5000), 'the worker ends within seconds of its server');
  });
});
