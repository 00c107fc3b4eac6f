/**
 * The mail catcher's HTTP side: Inbucket's REST API v1 (list, read, source, mark seen, delete,
 * purge) under `/api/v1/mailbox/`, the web inbox pages, and `/health`, which names the service
 * and the project so `status` can tell this project's inbox from anything else on the port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { MailStore } from './mail-store.js';
import { mailboxPage, messagePage, notFoundPage, overviewPage } from './inbox-pages.js';

/** The `service` its /health reports. */
export const MAIL_HEALTH_SERVICE = 'supabase-mail-catcher';

export interface InboxSettings {
  projectId: string;
  /** `host:port` of the SMTP side, for the overview page. */
  smtp: string;
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

const json = (response: ServerResponse, status: number, value: unknown) => send(response, status, 'application/json', JSON.stringify(value));
const html = (response: ServerResponse, status: number, body: string) => send(response, status, 'text/html; charset=utf-8', body);
const text = (response: ServerResponse, status: number, body: string) => send(response, status, 'text/plain; charset=utf-8', body);

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** The REST API: `parts` are the path segments after /api/v1/mailbox/. */
async function api(store: MailStore, request: IncomingMessage, response: ServerResponse, parts: string[]): Promise<void> {
  const [mailbox, id, extra] = parts;
  const method = request.method ?? 'GET';
  if (!mailbox || parts.length > 3 || (extra !== undefined && extra !== 'source')) return text(response, 404, 'not found\n');
  if (id === undefined) {
    if (method === 'GET') return json(response, 200, store.list(mailbox));
    if (method === 'DELETE') return (store.purge(mailbox), text(response, 200, 'OK'));
    return text(response, 405, 'method not allowed\n');
  }
  if (extra === 'source') {
    const raw = store.source(mailbox, id);
    return raw ? send(response, 200, 'text/plain; charset=utf-8', raw) : text(response, 404, 'message not found\n');
  }
  if (method === 'GET') {
    const message = store.get(mailbox, id);
    return message ? json(response, 200, message) : text(response, 404, 'message not found\n');
  }
  if (method === 'DELETE') return store.remove(mailbox, id) ? text(response, 200, 'OK') : text(response, 404, 'message not found\n');
  if (method === 'PATCH') {
    let seen: unknown;
    try {
      seen = (JSON.parse(await readBody(request)) as { seen?: unknown }).seen;
    } catch {
      return text(response, 400, 'the body must be JSON such as {"seen": true}\n');
    }
    if (typeof seen !== 'boolean') return text(response, 400, 'the body must be JSON such as {"seen": true}\n');
    return store.markSeen(mailbox, id, seen) ? text(response, 200, 'OK') : text(response, 404, 'message not found\n');
  }
  return text(response, 405, 'method not allowed\n');
}

/** The inbox's HTTP server over a store (not yet listening). */
export function createInboxServer(store: MailStore, settings: InboxSettings): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://inbox');
    const handle = async (): Promise<void> => {
      // Inside the handler: a malformed escape becomes a 500 for that request, not a crash.
      const parts = url.pathname.split('/').filter(Boolean).map((part) => decodeURIComponent(part));
      if (parts[0] === 'api' && parts[1] === 'v1' && parts[2] === 'mailbox') return api(store, request, response, parts.slice(3));
      if (request.method !== 'GET' && request.method !== 'HEAD') return text(response, 405, 'method not allowed\n');
      if (url.pathname === '/health') return json(response, 200, { service: MAIL_HEALTH_SERVICE, project_id: settings.projectId });
      if (url.pathname === '/') return html(response, 200, overviewPage(store.recent(), settings.smtp));
      if (parts[0] === 'm' && parts.length === 1) {
        const mailbox = url.searchParams.get('mailbox') ?? '';
        response.writeHead(303, { location: mailbox ? `/m/${encodeURIComponent(mailbox)}` : '/' });
        return void response.end();
      }
      if (parts[0] === 'm' && parts.length === 2) return html(response, 200, mailboxPage(parts[1]!, store.list(parts[1]!)));
      if (parts[0] === 'm' && parts.length === 3) {
        const message = store.get(parts[1]!, parts[2]!);
        return message ? html(response, 200, messagePage(message)) : html(response, 404, notFoundPage(`No message ${parts[2]} in mailbox ${parts[1]}.`));
      }
      return html(response, 404, notFoundPage(`Nothing at ${url.pathname}.`));
    };
    handle().catch((error: unknown) => text(response, 500, `${error instanceof Error ? error.message : String(error)}\n`));
  });
}
