/**
 * A local DNS-over-HTTPS endpoint (Cloudflare's JSON form) answering from a table, for tests of
 * what the tool resolves through DoH: `--dns-resolver https` lookups and the custom hostname's
 * CNAME check. Point SUPABASE_INTERNAL_DOH_URL at `url`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server.js';

const TYPES: Record<string, number> = { A: 1, AAAA: 28, CNAME: 5 };

export class DohServer {
  /** `name TYPE` -> answers' data, e.g. `api.example.com CNAME` -> ['abc.supabase.co.']. */
  readonly records = new Map<string, string[]>();
  readonly questions: string[] = [];
  private server?: Server;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
      const name = query.get('name') ?? '';
      const type = query.get('type') ?? 'A';
      this.questions.push(`${name} ${type}`);
      const answers = (this.records.get(`${name} ${type}`) ?? []).map((data) => ({ name, type: TYPES[type], TTL: 60, data }));
      response.setHeader('content-type', 'application/dns-json');
      response.end(JSON.stringify({ Status: 0, Answer: answers }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/dns-query`;
    return this.url;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
  }
}
