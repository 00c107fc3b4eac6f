/** Small request and response helpers of the local platform API (node:http, no framework). */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Largest request body accepted: only the login form is ever posted. */
const MAX_BODY_BYTES = 16 * 1024;

/** Sends a JSON body; answers are never cached, they carry keys. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

/** Reads an `application/x-www-form-urlencoded` body; undefined when too large or of another type. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Whether the request names a loopback host. Pages that hold keys (the settings page, the Studio)
 * answer only these: a page elsewhere that points its own DNS name at 127.0.0.1 (DNS rebinding)
 * would otherwise be same-origin with them and could read them.
 */
export function loopbackHost(req: IncomingMessage): boolean {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/** Reads a JSON body of at most `maxBytes`; undefined when too large, of another type or not JSON. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Escapes text for an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Sends one of the server's own HTML pages (sign-in, project settings): no scripts, no framing,
 * no referrer, never cached. `formTarget` is the origin a form on the page may post to.
 */
export function sendHtmlPage(res: ServerResponse, status: number, title: string, body: string, formTarget?: string): void {
  const formAction = formTarget ? `form-action 'self' ${formTarget}` : "form-action 'none'";
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; ${formAction}; frame-ancestors 'none'`,
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
      '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1c1c}' +
      'button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#3ecf8e;cursor:pointer}' +
      'label{display:block;margin:1.25rem 0 .3rem;font-weight:600}input{width:100%;box-sizing:border-box;font:14px ui-monospace,monospace;padding:.5rem;border:1px solid #ccc;border-radius:6px}</style>' +
      `</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}
