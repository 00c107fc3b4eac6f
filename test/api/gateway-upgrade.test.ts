/**
 * WebSocket upgrades on the gateway's port: routed by prefix to the in-process service that claims
 * them, with the apikey checked as for HTTP (query parameter or header), and refused with the
 * gateway's own answers (404 no route, 401 key, 503 absent service) written on the raw socket.
 * Closing the gateway ends the sockets it upgraded. The service here is a small ApiService of the test's own that echoes frames through ws.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { createGateway } from '../../tasks/api/gateway/gateway-server.js';
import type { ApiService } from '../../tasks/api/gateway/api-service.js';
import type { GatewaySettings } from '../../tasks/api/gateway/gateway-settings.js';
import { OFFLINE_API_SETTINGS, TEST_ANON_KEY } from './support/offline-api-settings.js';

const ANON = TEST_ANON_KEY;
const api = OFFLINE_API_SETTINGS;

/** Accepts upgrades and echoes each frame with the path it was given. */
function echoSockets(): ApiService {
  const server = new WebSocketServer({ noServer: true });
  return {
    service: 'realtime',
    prefix: '/realtime/v1',
    async register() {},
    upgrade(request, socket, head, subPath) {
      server.handleUpgrade(request, socket, head, (ws) => ws.on('message', (data) => ws.send(`${subPath}:${String(data)}`)));
    },
    async close() {
      server.close();
    },
  };
}

/** Opens a socket and answers its first message, or the status of the HTTP answer that refused it. */
function exchange(url: string, headers: Record<string, string> = {}): Promise<{ status: number; message?: string; body?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => socket.send('hello'));
    socket.on('message', (data) => {
      resolve({ status: 101, message: String(data) });
      socket.close();
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('error', reject);
  });
}

describe('API gateway: WebSocket upgrades routed by prefix, with the key checked', function () {
  this.timeout(30_000);
  let dir: string;
  let ws: string;

  const gatewayWith = async (services: ApiService[], absent: GatewaySettings['absent']): Promise<FastifyInstance> => {
    const settings: GatewaySettings = {
      projectId: 'gateway-upgrade-test',
      host: '127.0.0.1',
      port: 0,
      api,
      services: [],
      absent,
      pgMetaRecord: path.join(dir, 'pg-meta.pid.json'),
      functionsRecord: path.join(dir, 'functions-serve.json'),
    };
    const gateway = await createGateway(settings, services, () => undefined);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    ws = `ws://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
    return gateway;
  };

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-upgrade-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('hands an upgrade with the key in the query or a header to the service under its prefix', async () => {
    const gateway = await gatewayWith([echoSockets()], {});
    try {
      assert.deepEqual(await exchange(`${ws}/realtime/v1/websocket?apikey=${ANON}&vsn=1.0.0`), { status: 101, message: '/websocket:hello' });
      assert.deepEqual(await exchange(`${ws}/realtime/v1/websocket`, { apikey: ANON }), { status: 101, message: '/websocket:hello' });
    } finally {
      await gateway.close();
    }
  });

  it('refuses a missing or unknown key and an unrouted path as for HTTP', async () => {
    const gateway = await gatewayWith([echoSockets()], {});
    try {
      const missing = await exchange(`${ws}/realtime/v1/websocket`);
      assert.deepEqual([missing.status, JSON.parse(missing.body!)], [401, { message: 'No API key found in request' }]);
      const wrong = await exchange(`${ws}/realtime/v1/websocket?apikey=nope`);
      assert.deepEqual([wrong.status, JSON.parse(wrong.body!)], [401, { message: 'Invalid API key' }]);
      const none = await exchange(`${ws}/nothing?apikey=${ANON}`);
      assert.deepEqual([none.status, JSON.parse(none.body!)], [404, { message: 'no Route matched with those values' }]);
    } finally {
      await gateway.close();
    }
  });

  it('closing the gateway ends the sockets still open instead of waiting for them', async () => {
    const gateway = await gatewayWith([echoSockets()], {});
    const socket = new WebSocket(`${ws}/realtime/v1/websocket?apikey=${ANON}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const started = Date.now();
    await Promise.race([gateway.close(), new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the gateway did not close with a socket open')), 5000))]);
    await closed;
    assert.ok(Date.now() - started < 5000);
  });

  it('answers 503 naming realtime when it is not served', async () => {
    const gateway = await gatewayWith([], { realtime: 'excluded' });
    try {
      const absent = await exchange(`${ws}/realtime/v1/websocket?apikey=${ANON}`);
      assert.equal(absent.status, 503);
      assert.match((JSON.parse(absent.body!) as { message: string }).message, /^realtime is not running: it was left out with supabase start -x realtime/);
    } finally {
      await gateway.close();
    }
  });
});
