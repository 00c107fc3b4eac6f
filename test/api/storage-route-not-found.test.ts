/**
 * A path under /storage/v1 that no Storage route takes is fastify's 404 inside storage-api, which
 * names the URL storage-api received: Kong's storage route strips `/storage/v1` (strip_path) and
 * keeps the query string, so the client reads `Route GET:/render/image/... ?width=10 not found`.
 * Served here by the real Storage service in a real gateway; no request reaches the database.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { authSettingsFromConfig } from '../../tasks/api/auth/auth-settings.js';
import { createGateway } from '../../tasks/api/gateway/gateway-server.js';
import type { GatewaySettings } from '../../tasks/api/gateway/gateway-settings.js';
import { createStorageService } from '../../tasks/api/storage/storage-service.js';
import { buildConfig } from '../../tasks/project/config-build.js';

describe('Storage: a path no route takes', function () {
  this.timeout(30_000);
  let dir: string;
  let gateway: FastifyInstance;
  let base: string;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'storage-404-'));
    const settings: GatewaySettings = {
      projectId: 'storage-404',
      host: '127.0.0.1',
      port: 0,
      api: {
        // Port 1: nothing listens there, so a route that reached the database would fail loudly.
        dbPort: 1,
        dbPassword: 'unused',
        jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
        jwtExpiry: 3600,
        anonKey: 'anon',
        serviceRoleKey: 'service',
        apiUrl: 'http://127.0.0.1:0',
        schemas: ['public'],
        extraSearchPath: ['public'],
        maxRows: 1000,
        auth: authSettingsFromConfig(buildConfig({}, {}), 'http://127.0.0.1:0'),
        storage: { fileSizeLimit: 50 * 1024 * 1024, root: path.join(dir, 'storage') },
      },
      services: ['storage'],
      absent: {},
      pgMetaRecord: path.join(dir, 'pg-meta.pid.json'),
      functionsRecord: path.join(dir, 'functions-serve.json'),
    };
    gateway = await createGateway(settings, [createStorageService()], () => undefined);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
  });

  after(async () => {
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is fastify 404 naming the path storage-api received, query string included', async () => {
    const response = await fetch(`${base}/storage/v1/render/nothing/public/b/cat.png?width=10&height=20`);
    assert.equal(response.status, 404);
    assert.deepEqual(await response.json(), { message: 'Route GET:/render/nothing/public/b/cat.png?width=10&height=20 not found', error: 'Not Found', statusCode: 404 });
  });

  it('names the method and the bare root as storage-api saw them', async () => {
    const response = await fetch(`${base}/storage/v1/`, { method: 'DELETE' });
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { message: string }).message, 'Route DELETE:/ not found');
  });
});
