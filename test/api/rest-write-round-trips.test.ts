/**
 * A REST write's round trips through the gateway on a real database: one whose row PostgREST has
 * nothing to check (a plain insert, update or delete) sends BEGIN, its settings, the statement and
 * COMMIT as one query; one with a check (`vnd.pgrst.object+json`, PUT, a limited PATCH) commits in
 * a second query, after the check, so a refusal still rolls it back. The pool REST opens is watched
 * through the schema cache's loader, which is handed it; every query it sends is a round trip.
 */
import assert from 'node:assert/strict';
import type pg from 'pg';
import { liveRestParts } from '../../tasks/api/rest/http/live-parts.js';
import type { RestParts } from '../../tasks/api/rest/http/rest-parts.js';
import { startProject, type RunningProject } from '../integration/support/running-project.js';
import { startRestGateway, TEST_ANON_KEY as ANON, type RestGateway } from './support/rest-gateway.js';

const SCHEMA = `create table public.items (id int primary key, name text);
grant select, insert, update, delete on public.items to anon;
`;

describe('REST writes: one round trip unless a check comes before the commit', function () {
  this.timeout(120_000);
  let project: RunningProject;
  let gateway: RestGateway;
  let base: string;
  /** Queries REST's pool sent since the last reset. */
  let queries = 0;

  before(async () => {
    project = await startProject({ 'migrations/20240101000000_items.sql': SCHEMA });
    const counted = new WeakSet<pg.PoolClient>();
    const watch = (client: pg.PoolClient) => {
      if (counted.has(client)) return;
      counted.add(client);
      const query = client.query as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        queries += 1;
        return query.apply(client, args);
      }) as typeof client.query;
    };
    const parts: RestParts = { ...liveRestParts, loadSchemaCache: (pool, settings) => {
      pool.on('acquire', watch);
      return liveRestParts.loadSchemaCache(pool, settings);
    } };
    gateway = await startRestGateway(project, { parts });
    base = gateway.base;
  });
  after(async () => {
    await gateway?.close();
    await project?.dispose();
  });

  /** The status of one request and the queries it took. */
  const trips = async (method: string, query: string, body?: unknown, headers: Record<string, string> = {}): Promise<[number, number]> => {
    queries = 0;
    const response = await fetch(`${base}/items${query}`, { method, headers: { apikey: ANON, 'Content-Type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    await response.arrayBuffer();
    return [response.status, queries];
  };

  it('commits an insert, an update and a delete in the query of their statement', async () => {
    assert.deepEqual(await trips('POST', '', { id: 1, name: 'one' }), [201, 1]);
    assert.deepEqual(await trips('PATCH', '?id=eq.1', { name: 'uno' }, { Prefer: 'return=representation' }), [200, 1]);
    assert.deepEqual(await trips('DELETE', '?id=eq.1'), [204, 1]);
  });

  it('commits after the check when one applies, and a refusal rolls the write back', async () => {
    assert.deepEqual(await trips('POST', '', { id: 2, name: 'two' }, { Accept: 'application/vnd.pgrst.object+json', Prefer: 'return=representation' }), [201, 2]);
    assert.deepEqual(await trips('PUT', '?id=eq.3', { id: 3, name: 'three' }), [204, 2]);
    assert.deepEqual(await trips('PATCH', '?order=id&limit=1', { name: 'first' }), [204, 2]);
    assert.deepEqual(await trips('POST', '', [{ id: 4, name: 'four' }, { id: 5, name: 'five' }], { Accept: 'application/vnd.pgrst.object+json' }), [406, 2]);
    const response = await fetch(`${base}/items?select=id,name&order=id`, { headers: { apikey: ANON } });
    assert.deepEqual(await response.json(), [{ id: 2, name: 'first' }, { id: 3, name: 'three' }]);
  });
});
