/**
 * A local stand-in for a hosted project's own endpoints (what SUPABASE_INTERNAL_PROJECT_URL points
 * at): the three version probes of `link` and `services` (PostgREST's OpenAPI document, GoTrue's
 * health, Storage's version), each answering only with the project's anon key.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server.js';

export interface ProjectVersions {
  rest: string;
  gotrue: string;
  storage: string;
}

export class ProjectApiServer {
  readonly requests: Array<{ path: string; apikey?: string }> = [];
  private server?: Server;

  constructor(
    private readonly anonKey: string,
    public versions: ProjectVersions = { rest: '12.0.1 (cc5fb2a)', gotrue: 'v2.132.3', storage: '0.46.4' },
  ) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      const apikey = request.headers.apikey as string | undefined;
      this.requests.push({ path, apikey });
      if (apikey !== this.anonKey) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Invalid API key"}');
        return;
      }
      const json = (body: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (path === '/rest/v1/') json({ swagger: '2.0', info: { title: 'standard public schema', description: '', version: this.versions.rest } });
      else if (path === '/auth/v1/health') json({ version: this.versions.gotrue, name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
      else if (path === '/storage/v1/version') response.writeHead(200, { 'content-type': 'text/plain' }).end(this.versions.storage);
      else response.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}
