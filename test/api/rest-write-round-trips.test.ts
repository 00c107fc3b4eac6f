/**
 * A REST write's round trips through the gateway on a real database: one whose row PostgREST has
 * nothing to check (a plain insert, update or delete) sends BEGIN, its settings, the statement and
 * COMMIT as one query; one with a check (`vnd.pgrst.object+json`, PUT, a limited PATCH) commits in
 * a second query, after the check, so a refusal still rolls it back. The pool REST opens is watched
 * through the schema cache's loader, which is handed it; every query it sends is a round trip.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { authSettingsFromConfig } from '../../tasks/api/auth/auth-settings.js';
import { createGateway } from '../../tasks/api/gateway/gateway-server.js';
import { liveRestParts } from '../../tasks/api/rest/http/live-parts.js';
import { createRestService } from '../../tasks/api/rest/http/rest-service.js';
import { buildConfig } from '../../tasks/project/config-build.js';
import { startProject, type RunningProject } from '../integration/support/running-project.js';

const ANON = 'anon-key-of-the-test';
const SCHEMA = `create table public.items (id int primary key, name text);
grant select, insert, update, delete on public.items to anon;
`;

describe('REST writes: one round trip unless a check comes before the commit', function () {
  this.timeout(120_000);
  let project: RunningProject;
  let dir: string;
  let gateway: FastifyInstance;
  let base: string;
  /** Queries REST's pool sent since the last reset. */
  let queries = 0;

  before(async () => {
    project = await startProject({ 'migrations/20240101000000_items.sql': SCHEMA });
    dir = await mkdtemp(path.join(os.tmpdir(), 'rest-round-trips-'));
    const api = {
      dbPort: project.port, dbPassword: 'postgres', jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long', jwtExpiry: 3600,
      anonKey: ANON, serviceRoleKey: 'service-role-key-of-the-test', apiUrl: 'http://127.0.0.1:0', schemas: ['public'], extraSearchPath: ['public'], maxRows: 1000,
      auth: authSettingsFromConfig(buildConfig({}, {}), 'http://127.0.0.1:0'),
    };
    const settings = { projectId: 'rest-round-trips', host: '127.0.0.1', port: 0, api, services: ['rest' as const], absent: {}, pgMetaRecord: path.join(dir, 'pg-meta.json'), functionsRecord: path.join(dir, 'functions.json') };
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
    const parts = { ...liveRestParts, loadSchemaCache: (pool: pg.Pool, settings: typeof api) => {
      pool.on('acquire', watch);
      return liveRestParts.loadSchemaCache(pool, settings as Parameters<typeof liveRestParts.loadSchemaCache>[1]);
    } };
    gateway = await createGateway(settings, [createRestService(parts)], () => undefined);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}/rest/v1`;
  });
  after(async () => {
    await gateway?.close();
    await project?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
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
