/**
 * A local Storage API for the storage commands' tests: a real HTTP server on a loopback port that
 * answers the storage-api routes the original's storage commands call under `/storage/v1`, keeping
 * objects as real files in a temporary folder (see storage-api-store.ts). It checks what the hosted
 * service would refuse (the bearer key) and what the CLI must send (the User-Agent, JSON bodies of
 * the documented shapes); anything off is recorded in `violations`, which tests assert to be empty.
 * Uploads and downloads stream, so large files cost the server no memory either.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StorageRefusal, StorageStore, bucketNotFound } from './storage-api-store.js';

export interface RecordedRequest {
  method: string;
  /** The path below /storage/v1, decoded. */
  route: string;
  body?: unknown;
  headers: IncomingMessage['headers'];
}

/** The JSON bodies the routes accept: each field and its type; `?` marks an optional one. */
const BODY_SHAPES: Record<string, Record<string, string>> = {
  createBucket: { name: 'string' },
  listObjects: { prefix: 'string', 'search?': 'string', 'limit?': 'number', 'offset?': 'number' },
  move: { bucketId: 'string', sourceKey: 'string', destinationKey: 'string' },
  copy: { bucketId: 'string', sourceKey: 'string', destinationKey: 'string' },
  deleteObjects: { prefixes: 'string[]' },
};

export class StorageApiServer {
  readonly violations: string[] = [];
  readonly requests: RecordedRequest[] = [];
  store!: StorageStore;
  private server?: Server;

  constructor(readonly serviceRoleKey: string) {}

  /** Listens on a free loopback port; resolves with the project URL (the part before /storage/v1). */
  async start(): Promise<string> {
    this.store = new StorageStore(await mkdtemp(path.join(os.tmpdir(), 'storage-api-')));
    this.server = createServer((request, response) => {
      this.answer(request, response).catch((error: Error) => {
        if (error instanceof StorageRefusal) return send(response, 400, error.body());
        this.violations.push(`${request.method} ${request.url}: the server failed: ${error.message}`);
        send(response, 500, JSON.stringify({ statusCode: '500', error: 'Internal', message: error.message }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Forgets every bucket, object and recorded request, for the next test. */
  async reset(): Promise<void> {
    this.requests.length = 0;
    this.violations.length = 0;
    await rm(this.store.root, { recursive: true, force: true });
    this.store = new StorageStore(await mkdtemp(path.join(os.tmpdir(), 'storage-api-')));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    if (this.store) await rm(this.store.root, { recursive: true, force: true });
  }

  /** Requests to one method and route pattern, e.g. `POST /bucket`. */
  calls(method: string, route: RegExp | string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && (typeof route === 'string' ? request.route === route : route.test(request.route)));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (!url.pathname.startsWith('/storage/v1/')) {
      this.violations.push(`${method} ${url.pathname} is outside /storage/v1`);
      return send(response, 404, '{"message":"not found"}');
    }
    const segments = url.pathname.slice('/storage/v1/'.length).split('/').map(decodeURIComponent);
    const route = `/${segments.join('/')}`;
    const recorded: RecordedRequest = { method, route, headers: request.headers };
    this.requests.push(recorded);
    if (!/^SupabaseCLI\/\d/.test(request.headers['user-agent'] ?? '')) this.violations.push(`${method} ${route}: User-Agent is not SupabaseCLI/<version>`);
    if (request.headers.authorization !== `Bearer ${this.serviceRoleKey}`) {
      request.resume();
      return send(response, 400, JSON.stringify({ statusCode: '403', error: 'Unauthorized', message: 'invalid signature' }));
    }
    const [area, first, ...rest] = segments;
    const json = (operation: string) => this.readJson(request, recorded, operation);
    const reply = (body: unknown) => send(response, 200, JSON.stringify(body));

    if (area === 'bucket' && first === undefined && method === 'GET') {
      return reply([...this.store.buckets.values()].sort((a, b) => a.name.localeCompare(b.name)));
    }
    if (area === 'bucket' && first === undefined && method === 'POST') {
      const body = (await json('createBucket')) as { name: string };
      return reply({ name: this.store.createBucket(body.name).name });
    }
    if (area === 'bucket' && first !== undefined && rest.length === 0 && method === 'DELETE') {
      this.store.deleteBucket(first);
      return reply({ message: 'Successfully deleted' });
    }
    if (area === 'object' && first === 'list' && rest.length === 1 && method === 'POST') {
      return reply(this.store.list(rest[0], (await json('listObjects')) as { prefix: string }));
    }
    if (area === 'object' && (first === 'move' || first === 'copy') && rest.length === 0 && method === 'POST') {
      const body = (await json(first)) as { bucketId: string; sourceKey: string; destinationKey: string };
      if (first === 'copy') return this.violations.push('POST /object/copy: no command should use it'), reply({});
      await this.store.move(body.bucketId, body.sourceKey, body.destinationKey);
      return reply({ message: 'Successfully moved' });
    }
    if (area === 'object' && first !== undefined && rest.length === 0 && method === 'DELETE') {
      const body = (await json('deleteObjects')) as { prefixes: string[] };
      return reply(await this.store.remove(first, body.prefixes));
    }
    if (area === 'object' && first !== undefined && rest.length > 0 && method === 'POST') {
      return this.upload(request, response, first, rest.join('/'));
    }
    if (area === 'object' && first !== undefined && rest.length > 0 && method === 'GET') {
      const { object, stream } = this.store.open(first, rest.join('/'));
      response.writeHead(200, { 'content-type': object.metadata.mimetype, 'content-length': object.metadata.size, 'cache-control': object.metadata.cacheControl });
      return pipeline(stream, response);
    }
    request.resume();
    this.violations.push(`${method} ${route} is not a Storage API route the commands use`);
    return send(response, 404, '{"statusCode":"404","error":"not_found","message":"Route not found"}');
  }

  private async upload(request: IncomingMessage, response: ServerResponse, bucket: string, key: string): Promise<void> {
    const contentType = request.headers['content-type'];
    const cacheControl = request.headers['cache-control'];
    if (!contentType || !cacheControl) this.violations.push(`POST /object/${bucket}/${key}: Content-Type and Cache-Control must be sent`);
    if (!this.store.buckets.has(bucket)) {
      request.resume();
      throw bucketNotFound();
    }
    const stored = await this.store.upload(bucket, key, request, {
      contentType: contentType ?? 'application/octet-stream',
      cacheControl: cacheControl ?? 'no-cache',
      upsert: request.headers['x-upsert'] === 'true',
    });
    send(response, 200, JSON.stringify({ Key: `${bucket}/${stored.name}` }));
  }

  private async readJson(request: IncomingMessage, recorded: RecordedRequest, operation: string): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const where = `${recorded.method} ${recorded.route}`;
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) this.violations.push(`${where}: body is not sent as application/json`);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      this.violations.push(`${where}: body is not JSON`);
      throw new StorageRefusal(400, 'InvalidJSON', 'Body is not valid JSON');
    }
    recorded.body = body;
    for (const problem of shapeProblems(body, BODY_SHAPES[operation])) this.violations.push(`${where}: ${problem}`);
    return body;
  }
}

/** What is wrong with a body against its shape: missing, mistyped or unknown fields. */
function shapeProblems(body: unknown, shape: Record<string, string>): string[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return ['body must be a JSON object'];
  const problems: string[] = [];
  const fields = body as Record<string, unknown>;
  for (const [declared, type] of Object.entries(shape)) {
    const name = declared.replace(/\?$/, '');
    const value = fields[name];
    if (value === undefined) {
      if (!declared.endsWith('?')) problems.push(`field ${name} is missing`);
      continue;
    }
    const ok = type === 'string[]' ? Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string') : typeof value === type;
    if (!ok) problems.push(`field ${name} must be ${type === 'string[]' ? 'a non-empty list of strings' : `a ${type}`}`);
  }
  for (const name of Object.keys(fields)) {
    if (!(name in shape) && !(`${name}?` in shape)) problems.push(`field ${name} is not part of the route's body`);
  }
  return problems;
}

function send(response: ServerResponse, status: number, body: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(body);
}
