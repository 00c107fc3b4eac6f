/**
 * PostgREST's three counts through the gateway on a real database, with a small max_rows: exact
 * counts every row; planned answers the planner's estimate of the count query (run in the
 * request's transaction); estimated answers the exact count while it stays within max_rows and the
 * larger of it and the estimate past it.
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { startProject, type RunningProject } from '../integration/support/running-project.js';
import { startRestGateway, TEST_ANON_KEY as ANON, type RestGateway } from './support/rest-gateway.js';

const MAX_ROWS = 3;

describe('REST counts: exact, planned and estimated past max_rows', function () {
  this.timeout(120_000);
  let project: RunningProject;
  let gateway: RestGateway;
  let base: string;
  /** The planner's row estimate for the whole table, asked directly. */
  let estimate: number;

  before(async () => {
    // Never analyzed: the planner estimates the rows from the table's size, far from the 6 there are.
    project = await startProject({ 'migrations/20240101000000_items.sql': 'create table public.items (id int primary key, name text);\ninsert into public.items select g, repeat(\'x\', 10) from generate_series(1, 6) g;\n' });
    const client = new pg.Client({ connectionString: project.dbUrl });
    await client.connect();
    const plan = (await client.query('explain (format json) select 1 from public.items')).rows[0]['QUERY PLAN'] as Array<{ Plan: { 'Plan Rows': number } }>;
    await client.end();
    estimate = plan[0].Plan['Plan Rows'];
    gateway = await startRestGateway(project, { maxRows: MAX_ROWS });
    base = gateway.base;
  });
  after(async () => {
    await gateway?.close();
    await project?.dispose();
  });

  const range = async (query: string, count: string): Promise<string | null> => {
    const response = await fetch(`${base}/items?${query}`, { headers: { apikey: ANON, Prefer: `count=${count}` } });
    assert.equal(response.status, 206);
    return response.headers.get('content-range');
  };

  it('exact counts every row, the page capped at max_rows', async () => {
    assert.equal(await range('select=id', 'exact'), '0-2/6');
  });

  it('planned answers the planner\'s estimate', async () => {
    assert.notEqual(estimate, 6);
    assert.equal(await range('select=id', 'planned'), `0-2/${estimate}`);
  });

  it('lets a page of another origin read the count, as PostgREST\'s CORS policy exposes Content-Range', async () => {
    const response = await fetch(`${base}/items?select=id`, { headers: { apikey: ANON, Prefer: 'count=exact', Origin: 'http://127.0.0.1:54323' } });
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('access-control-expose-headers'), 'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit');
    // Its errors too: wai-cors adds the header whatever the status.
    const refused = await fetch(`${base}/nowhere`, { headers: { apikey: ANON, Origin: 'http://127.0.0.1:54323' } });
    assert.equal(refused.status, 404);
    assert.match(refused.headers.get('access-control-expose-headers') ?? '', /Content-Range/);
    // Without an Origin there is no CORS answer at all.
    const plain = await fetch(`${base}/items?select=id`, { headers: { apikey: ANON } });
    assert.equal(plain.headers.get('access-control-expose-headers'), null);
  });

  it('estimated is exact within max_rows, and the larger of exact and planned past it', async () => {
    assert.equal(await range('select=id&id=lte.2&limit=1', 'estimated'), '0-0/2');
    assert.equal(await range('select=id', 'estimated'), `0-2/${Math.max(estimate, MAX_ROWS + 1)}`);
  });
});
