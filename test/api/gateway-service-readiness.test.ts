/**
 * The gateway listens without waiting for what its services load from the database (their
 * prepare), as PostgREST v12 listens before its schema cache is loaded: a request that comes
 * first waits for its service, one whose service could not load is answered with that service's
 * own error (REST: PostgREST's PGRST002), and the next request tries the load again. On a real
 * listening gateway, with services of the test's own and REST's real service on failing parts.
 * REST listens for schema changes before it reads the catalog: users may change the schema while
 * it loads, and neither order of the two may lose a change.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createGateway } from '../../tasks/api/gateway/gateway-server.js';
import type { ApiService } from '../../tasks/api/gateway/api-service.js';
import type { GatewaySettings } from '../../tasks/api/gateway/gateway-settings.js';
import { NotPrepared } from '../../tasks/api/gateway/not-prepared.js';
import { liveRestParts } from '../../tasks/api/rest/http/live-parts.js';
import { createRestService } from '../../tasks/api/rest/http/rest-service.js';
import { OFFLINE_API_SETTINGS, TEST_ANON_KEY } from './support/offline-api-settings.js';

const ANON = TEST_ANON_KEY;
const api = OFFLINE_API_SETTINGS;

/** A promise the test settles itself. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/** A REST stand-in whose prepare runs `prepare` and whose handler answers what prepare left. */
function serviceWith(prepare: () => Promise<string>, unprepared?: () => NotPrepared): ApiService & { prepared: string | undefined } {
  const service = {
    service: 'rest' as const,
    prefix: '/rest/v1',
    prepared: undefined as string | undefined,
    async prepare() {
      service.prepared = await prepare();
    },
    unprepared,
    async register(app: FastifyInstance) {
      app.get('/*', async () => ({ prepared: service.prepared ?? 'not yet' }));
    },
    async close() {},
  };
  return service;
}

describe('API gateway: services load from the database while it already listens', function () {
  this.timeout(30_000);
  let dir: string;
  let settings: GatewaySettings;
  let gateway: FastifyInstance | undefined;
  const logged: string[] = [];

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-readiness-'));
    settings = {
      projectId: 'gateway-readiness-test',
      host: '127.0.0.1',
      port: 0,
      api,
      services: ['rest'],
      absent: {},
      pgMetaRecord: path.join(dir, 'pg-meta.pid.json'),
      functionsRecord: path.join(dir, 'functions-serve.json'),
    };
  });

  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
    logged.length = 0;
  });

  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function listen(service: ApiService): Promise<string> {
    gateway = await createGateway(settings, [service], (line) => logged.push(line));
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
  }

  it('listens before a prepare is done, and a request made meanwhile waits for it', async () => {
    const load = deferred<string>();
    const base = await listen(serviceWith(() => load.promise));
    const answered = fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } });
    const early = await Promise.race([answered.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 200, 'waiting'))]);
    assert.equal(early, 'waiting');
    load.resolve('the schema cache');
    const response = await answered;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { prepared: 'the schema cache' });
  });

  it('answers a failed prepare with the service\'s own error, logs why, and tries again at the next request', async () => {
    // The first attempt is the gateway's own, as it is released; each request then tries once more.
    let attempts = 0;
    const base = await listen(serviceWith(async () => {
      attempts += 1;
      if (attempts <= 2) throw new Error(`connection refused (attempt ${attempts})`);
      return 'loaded at the third attempt';
    }, () => new NotPrepared(503, { code: 'TEST', message: 'not loaded' })));
    const failed = await fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } });
    assert.equal(failed.status, 503);
    assert.deepEqual(await failed.json(), { code: 'TEST', message: 'not loaded' });
    assert.deepEqual(logged, [1, 2].map((attempt) => `rest: loading from the database failed, tried again at its next request: connection refused (attempt ${attempt})`));
    const retried = await fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } });
    assert.equal(retried.status, 200);
    assert.deepEqual(await retried.json(), { prepared: 'loaded at the third attempt' });
    assert.equal(attempts, 3);
  });

  it('answers a plain 503 naming the service when it has no error of its own', async () => {
    const base = await listen(serviceWith(async () => {
      throw new Error('no catalog');
    }));
    const response = await fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } });
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { message: "rest could not load what it needs from the database; the gateway's log says why" });
  });

  it('REST answers PostgREST\'s PGRST002 while its schema cache cannot be loaded, leaving no listener open', async () => {
    let attempts = 0;
    let stopped = 0;
    const base = await listen(createRestService({
      ...liveRestParts,
      loadSchemaCache: async () => {
        attempts += 1;
        throw new Error('permission denied for table pg_class');
      },
      watchSchemaReload: async () => async () => {
        stopped += 1;
      },
    }));
    const response = await fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } });
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { code: 'PGRST002', details: null, hint: null, message: 'Could not query the database for the schema cache. Retrying.' });
    // The gateway's attempt and the request's: each stopped the listener it had started.
    assert.equal(attempts, 2);
    assert.equal(stopped, attempts);
  });

  it('REST listens for schema changes before it reads the catalog, so none made meanwhile is lost', async () => {
    const order: string[] = [];
    const listening = deferred();
    const base = await listen(createRestService({
      ...liveRestParts,
      watchSchemaReload: async () => {
        order.push('listen asked');
        await listening.promise;
        order.push('listening');
        return async () => undefined;
      },
      loadSchemaCache: async () => {
        order.push('catalog read');
        throw new Error('stop here');
      },
    }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    listening.resolve();
    const response = await fetch(`${base}/rest/v1/todos`, { headers: { apikey: ANON } });
    await response.arrayBuffer();
    assert.deepEqual(order.slice(0, 3), ['listen asked', 'listening', 'catalog read']);
  });
});
