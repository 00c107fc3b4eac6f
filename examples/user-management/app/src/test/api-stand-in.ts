/**
 * A real HTTP server on a loopback port standing in for a project's API gateway (auth, rest,
 * storage), so components talk to it through a real supabase-js client. Each test says how
 * routes answer; every request is recorded with its decoded body.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppClient, type AppClient } from '../supabase-client';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json: () => unknown;
}

export interface Answer {
  status?: number;
  json?: unknown;
  bytes?: Buffer;
  contentType?: string;
}

export type Route = (request: ReceivedRequest) => Answer | undefined;

export interface StandIn {
  client: AppClient;
  requests: ReceivedRequest[];
  close: () => Promise<void>;
}

/** The anon key is not checked by the stand-in; supabase-js only needs one to send. */
const ANON_KEY = 'test-anon-key';

export async function startStandIn(route: Route): Promise<StandIn> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    const body = Buffer.concat(chunks);
    const request: ReceivedRequest = {
      method: incoming.method ?? 'GET',
      path: decodeURIComponent(url.pathname),
      query: url.searchParams,
      headers: incoming.headers,
      body,
      json: () => JSON.parse(body.toString('utf8')),
    };
    requests.push(request);
    const answer = route(request) ?? { status: 404, json: { message: `no route for ${request.method} ${request.path}` } };
    response.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
    response.end(answer.bytes ?? JSON.stringify(answer.json ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // A storage key of its own: clients of earlier tests must not share the session slot.
    client: createAppClient(`http://127.0.0.1:${port}`, ANON_KEY, { auth: { storageKey: `stand-in-${port}` } }),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
