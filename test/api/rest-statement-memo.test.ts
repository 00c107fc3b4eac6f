/**
 * The statements of GET and HEAD requests are planned once per schema cache (statement-memo.ts)
 * through the gateway on a real database: a repeated read parses and builds nothing again and
 * answers the same; anything its plan depends on (the query string, Prefer, Accept, Range, HEAD)
 * is another plan; a request the planner refuses is planned again every time, one the database
 * refuses is refused again every time; a schema reload plans afresh against the new cache; writes
 * are planned every time. The parts REST is built on are the real ones, counted.
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { liveRestParts } from '../../tasks/api/rest/http/live-parts.js';
import type { RestParts } from '../../tasks/api/rest/http/rest-parts.js';
import { startProject, type RunningProject } from '../integration/support/running-project.js';
import { startRestGateway, TEST_ANON_KEY as ANON, type RestGateway } from './support/rest-gateway.js';

const SCHEMA = `create table public.items (id int primary key, name text);
insert into public.items values (1, 'one'), (2, 'two'), (3, 'three');
grant select, insert on public.items to anon;
create function public.twice(n int) returns int language sql stable as $$ select n * 2 $$;
`;

describe('REST statements of GET and HEAD, planned once per schema cache', function () {
  this.timeout(120_000);
  let project: RunningProject;
  let gateway: RestGateway;
  let base: string;
  /** Statements REST built since the last reset. */
  let builds = 0;

  before(async () => {
    project = await startProject({ 'migrations/20240101000000_items.sql': SCHEMA });
    const parts: RestParts = { ...liveRestParts, buildStatement: (...args) => {
      builds += 1;
      return liveRestParts.buildStatement(...args);
    } };
    gateway = await startRestGateway(project, { parts });
    base = gateway.base;
  });
  after(async () => {
    await gateway?.close();
    await project?.dispose();
  });

  /** Status, Content-Range and body of one request, and how many statements it built. */
  const ask = async (pathAndQuery: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) => {
    builds = 0;
    const response = await fetch(`${base}/${pathAndQuery}`, { ...init, headers: { apikey: ANON, ...init.headers } });
    return { status: response.status, range: response.headers.get('content-range'), body: await response.text(), builds };
  };

  it('plans a repeated read once, and anything it depends on again', async () => {
    const first = await ask('items?select=id,name&order=id&limit=2');
    assert.deepEqual(first, { status: 200, range: '0-1/*', body: '[{"id":1,"name":"one"}, \n {"id":2,"name":"two"}]', builds: 1 });
    assert.deepEqual(await ask('items?select=id,name&order=id&limit=2'), { ...first, builds: 0 });
    assert.deepEqual(await ask('items?select=id,name&order=id&limit=1'), { status: 200, range: '0-0/*', body: '[{"id":1,"name":"one"}]', builds: 1 });
    const counted = await ask('items?select=id,name&order=id&limit=2', { headers: { Prefer: 'count=exact' } });
    assert.deepEqual([counted.status, counted.range, counted.builds], [206, '0-1/3', 1]);
    const csv = await ask('items?select=id,name&order=id&limit=2', { headers: { Accept: 'text/csv' } });
    assert.deepEqual([csv.body, csv.builds], ['id,name\n1,one\n2,two', 1]);
    const ranged = await ask('items?select=id,name&order=id&limit=2', { headers: { Range: '1-5' } });
    assert.deepEqual([ranged.range, ranged.builds], ['1-1/*', 1]);
    const head = await ask('items?select=id,name&order=id&limit=2', { method: 'HEAD' });
    assert.deepEqual([head.status, head.body, head.builds], [200, '', 1]);
    const call = await ask('rpc/twice?n=4');
    assert.deepEqual([call.body, call.builds], ['8', 1]);
    assert.deepEqual((await ask('rpc/twice?n=5')).body, '10');
    assert.deepEqual(await ask('rpc/twice?n=4'), { ...call, builds: 0 });
    assert.equal((await ask('items?select=id,name&order=id&limit=2', { headers: { Prefer: 'count=exact' } })).builds, 0);
  });

  it('plans refused reads and every write again', async () => {
    for (let round = 0; round < 2; round++) {
      // The planner refuses an embed of nothing: planned, and refused, every time.
      const unplanned = await ask('items?select=id,nowhere(*)');
      assert.deepEqual([unplanned.status, JSON.parse(unplanned.body).code, unplanned.builds], [400, 'PGRST200', 1]);
      // The database refuses a column it lacks: the statement is kept, the refusal is not.
      const unknown = await ask('items?select=nope');
      assert.deepEqual([unknown.status, JSON.parse(unknown.body).code, unknown.builds], [400, '42703', 1 - round]);
      const write = await ask('items', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 10 + round, name: 'new' }) });
      assert.deepEqual([write.status, write.builds], [201, 1]);
    }
  });

  it('plans afresh after a schema reload', async () => {
    assert.equal((await ask('items?select=*&id=eq.1')).builds, 1);
    assert.equal((await ask('items?select=*&id=eq.1')).builds, 0);
    const client = new pg.Client({ connectionString: project.dbUrl });
    await client.connect();
    await client.query("alter table public.items add column note text default 'noted'; notify pgrst, 'reload schema'");
    await client.end();
    // The reload has landed when the OpenAPI document, drawn from the cache, has the new column.
    for (let tries = 0; !(await ask('')).body.includes('"note"'); tries++) {
      assert.ok(tries < 100, 'the schema cache reloaded');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(await ask('items?select=*&id=eq.1'), { status: 200, range: '0-0/*', body: '[{"id":1,"name":"one","note":"noted"}]', builds: 1 });
  });
});
