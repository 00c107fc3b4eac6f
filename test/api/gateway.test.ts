/**
 * The API gateway's routing as Kong's configuration does it, on a real listening server: CORS
 * preflights and headers, the apikey check (header or query parameter), Kong's 404 for an unknown
 * path, 503s naming a service that is not there, /graphql/v1 rewritten to REST's rpc/graphql with
 * its profile header, and proxying to functions serve and postgres-meta. The REST service here is a
 * small ApiService of the test's own, standing for rest/http/'s.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createGateway } from '../../tasks/api/gateway/gateway-server.js';
import type { ApiService } from '../../tasks/api/gateway/api-service.js';
import type { GatewaySettings } from '../../tasks/api/gateway/gateway-settings.js';
import { restError } from '../../tasks/api/common/api-error.js';
import { closeServer } from '../helpers/close-server.js';
import { OFFLINE_API_SETTINGS, TEST_ANON_KEY, TEST_SERVICE_ROLE_KEY } from './support/offline-api-settings.js';

const ANON = TEST_ANON_KEY;
const SERVICE_ROLE = TEST_SERVICE_ROLE_KEY;
const api = OFFLINE_API_SETTINGS;

/** Answers what it saw, so a test can tell what reached the service. */
function echoService(closed: string[]): ApiService {
  return {
    service: 'rest',
    prefix: '/rest/v1',
    async register(app) {
      app.all('/*', async (request) => ({ method: request.method, url: request.url, profile: request.headers['content-profile'] ?? null, body: request.body ?? null }));
      app.get('/broken', async () => {
        throw new Error('a bug in a handler');
      });
      app.get('/refused', async () => {
        throw restError(400, 'PGRST100', 'failed to parse filter');
      });
    },
    async close() {
      closed.push('rest');
    },
  };
}

/** An upstream that answers with the path and body it got. */
function upstream(name: string): http.Server {
  return http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': name });
      response.end(JSON.stringify({ name, method: request.method, path: request.url, body }));
    });
  });
}

async function listening(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('API gateway: Kong routes, keys and CORS in front of the API services', function () {
  this.timeout(30_000);
  let dir: string;
  let gateway: FastifyInstance;
  let base: string;
  let functions: http.Server;
  let pgMeta: http.Server;
  let settings: GatewaySettings;
  const closed: string[] = [];
  const logged: string[] = [];

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-'));
    functions = upstream('functions');
    pgMeta = upstream('pg-meta');
    settings = {
      projectId: 'gateway-test',
      host: '127.0.0.1',
      port: 0,
      api,
      services: ['rest'],
      absent: { auth: 'unavailable', storage: 'excluded', realtime: 'unavailable' },
      pgMetaRecord: path.join(dir, 'pg-meta.pid.json'),
      functionsRecord: path.join(dir, 'functions-serve.json'),
    };
    await writeFile(settings.pgMetaRecord, JSON.stringify({ pid: process.pid, url: await listening(pgMeta) }));
    await listening(functions);
    gateway = await createGateway(settings, [echoService(closed)], (line) => logged.push(line));
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
  });

  after(async () => {
    await gateway?.close();
    await closeServer(functions);
    await closeServer(pgMeta);
    await rm(dir, { recursive: true, force: true });
  });

  it('passes a request with the anon key in the header to the service under its prefix, with CORS', async () => {
    const response = await fetch(`${base}/rest/v1/todos?select=id`, { headers: { apikey: ANON } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await response.json(), { method: 'GET', url: '/rest/v1/todos?select=id', profile: null, body: null });
  });

  it('takes the key from the apikey query parameter too, and the service_role key', async () => {
    assert.equal((await fetch(`${base}/rest/v1/todos?apikey=${ANON}`)).status, 200);
    assert.equal((await fetch(`${base}/rest/v1/todos`, { headers: { apikey: SERVICE_ROLE } })).status, 200);
  });

  it('answers a missing key with Kong key-auth 401 and an unknown one with the platform 401', async () => {
    const missing = await fetch(`${base}/rest/v1/todos`);
    assert.equal(missing.status, 401);
    assert.equal(missing.headers.get('www-authenticate'), 'Key realm="kong"');
    assert.deepEqual(await missing.json(), { message: 'No API key found in request' });
    const unknown = await fetch(`${base}/rest/v1/todos`, { headers: { apikey: 'not-a-key' } });
    assert.equal(unknown.status, 401);
    assert.deepEqual(await unknown.json(), { message: 'Invalid API key' });
  });

  it('answers a CORS preflight itself, without a key, as Kong cors plugin does', async () => {
    const response = await fetch(`${base}/rest/v1/todos`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,apikey,content-type,x-client-info' },
    });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), '');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('access-control-allow-methods'), 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT');
    assert.equal(response.headers.get('access-control-allow-headers'), 'authorization,apikey,content-type,x-client-info');
  });

  it('answers a path no route matches with Kong 404', async () => {
    for (const target of ['/', '/rest/v2/todos', '/rest/v1', '/nothing']) {
      const response = await fetch(`${base}${target}`, { headers: { apikey: ANON } });
      assert.equal(response.status, 404, target);
      assert.deepEqual(await response.json(), { message: 'no Route matched with those values' }, target);
    }
  });

  it('rewrites /graphql/v1 to REST rpc/graphql with Content-Profile graphql_public', async () => {
    const response = await fetch(`${base}/graphql/v1`, { method: 'POST', headers: { apikey: ANON, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    assert.equal(response.status, 200);
    const seen = (await response.json()) as { url: string; profile: string; body: unknown };
    assert.deepEqual(seen, { method: 'POST', url: '/rest/v1/rpc/graphql', profile: 'graphql_public', body: { query: '{ __typename }' } });
    assert.equal((await fetch(`${base}/graphql/v1`, { method: 'POST' })).status, 401);
  });

  it('answers 503 naming a service that is not running, and why', async () => {
    const auth = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: ANON } });
    assert.equal(auth.status, 503);
    assert.equal(auth.headers.get('access-control-allow-origin'), '*');
    assert.match(((await auth.json()) as { message: string }).message, /^auth is not available on the native runtime/);
    const storage = await fetch(`${base}/storage/v1/bucket`);
    assert.equal(storage.status, 503);
    assert.match(((await storage.json()) as { message: string }).message, /^storage is not running: it was left out with supabase start -x storage-api/);
  });

  it('a handler that throws is that request 500, an ApiError its own status, and the next request is served', async () => {
    const broken = await fetch(`${base}/rest/v1/broken`, { headers: { apikey: ANON } });
    assert.equal(broken.status, 500);
    assert.deepEqual(await broken.json(), { message: 'An unexpected error occurred' });
    assert.ok(logged.some((line) => line.includes('a bug in a handler')));
    const refused = await fetch(`${base}/rest/v1/refused`, { headers: { apikey: ANON } });
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), { code: 'PGRST100', message: 'failed to parse filter', details: null, hint: null });
    assert.equal((await fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } })).status, 200);
  });

  it('answers 503 for /functions/v1 while functions serve does not run, and proxies to it once recorded', async () => {
    const before = await fetch(`${base}/functions/v1/hello`);
    assert.equal(before.status, 503);
    assert.match(((await before.json()) as { message: string }).message, /supabase functions serve/);
    await writeFile(settings.functionsRecord, JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${(functions.address() as { port: number }).port}` }));
    const response = await fetch(`${base}/functions/v1/hello?x=1`, { method: 'POST', body: 'raw body', headers: { 'content-type': 'text/plain' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    assert.deepEqual(await response.json(), { name: 'functions', method: 'POST', path: '/functions/v1/hello?x=1', body: 'raw body' });
  });

  it('proxies /pg/ to postgres-meta with the prefix stripped, for the service_role key only', async () => {
    const response = await fetch(`${base}/pg/tables?included_schemas=public`, { headers: { apikey: SERVICE_ROLE } });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { name: 'pg-meta', method: 'GET', path: '/tables?included_schemas=public', body: '' });
    const anon = await fetch(`${base}/pg/tables`, { headers: { apikey: ANON } });
    assert.equal(anon.status, 403);
    assert.deepEqual(await anon.json(), { message: 'You cannot consume this service' });
  });

  it('closes the services it registered when it closes', async () => {
    const app = await createGateway(settings, [echoService(closed)], () => undefined);
    closed.length = 0;
    await app.close();
    assert.deepEqual(closed, ['rest']);
  });
});
