/**
 * A stand-in for the hosted Storage API's object routes, for the user-management example's
 * avatar clean-up: a real HTTP server on a loopback port that keeps objects in memory and answers
 * the requests the database sends through the http extension (upload, download, delete of one
 * object). Requests without the service-role key are refused, as the hosted service does, and
 * everything received is recorded so tests can check what the database sent.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server.js';

export interface AvatarStorageRequest {
  method: string;
  /** The path below /storage/v1/object, decoded. */
  route: string;
  authorization?: string;
  /** How many body bytes came with the request. */
  bodyBytes: number;
}

export class AvatarStorageServer {
  readonly requests: AvatarStorageRequest[] = [];
  /** Objects by "<bucket>/<name>". */
  readonly objects = new Map<string, Buffer>();
  private server?: Server;

  constructor(readonly serviceRoleKey: string) {}

  /** Listens on a free loopback port; returns the project URL (the Storage API is under /storage/v1). */
  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const prefix = '/storage/v1/object/';
    const method = request.method ?? 'GET';
    const route = decodeURIComponent(url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname);
    this.requests.push({ method, route, authorization: request.headers.authorization, bodyBytes: body.length });
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (!url.pathname.startsWith(prefix)) return reply(404, { statusCode: '404', error: 'not_found', message: 'Route not found' });
    const isPublic = route.startsWith('public/');
    const key = isPublic ? route.slice('public/'.length) : route;
    if (!isPublic && request.headers.authorization !== `Bearer ${this.serviceRoleKey}`) {
      return reply(403, { statusCode: '403', error: 'Unauthorized', message: 'invalid signature' });
    }
    const notFound = () => reply(404, { statusCode: '404', error: 'not_found', message: 'Object not found' });
    if (method === 'GET') {
      const stored = this.objects.get(key);
      if (!stored) return notFound();
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      return void response.end(stored);
    }
    if (isPublic) return reply(405, { statusCode: '405', error: 'method_not_allowed', message: 'Public URLs are read-only' });
    if (method === 'POST' || method === 'PUT') {
      this.objects.set(key, body);
      return reply(200, { Key: key });
    }
    if (method === 'DELETE') {
      if (!this.objects.delete(key)) return notFound();
      return reply(200, { message: 'Successfully deleted' });
    }
    reply(405, { statusCode: '405', error: 'method_not_allowed', message: `${method} is not served here` });
  }
}
