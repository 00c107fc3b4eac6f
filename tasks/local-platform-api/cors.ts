/**
 * CORS for the docs site. Only the configured docs origins get CORS headers: any other page the
 * developer visits must not be able to read the local keys, even with a stolen token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers a docs page may send: the widget's fetch wrapper adds X-Request-Id to every call. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Request-Id, Version';

/** The request's Origin when it is one of `allowed`. */
export function allowedOrigin(req: IncomingMessage, allowed: readonly string[]): string | undefined {
  const origin = req.headers.origin;
  return origin && allowed.includes(origin) ? origin : undefined;
}

/**
 * Adds CORS headers for an allowed origin. `Vary: Origin` goes on every answer, so a cache
 * never serves one origin's headers to another.
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): boolean {
  res.setHeader('Vary', 'Origin');
  const origin = allowedOrigin(req, allowed);
  if (!origin) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  return true;
}

/** Answers a preflight: 204 with the permitted methods and headers, or 403 without any CORS header. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): void {
  if (!applyCors(req, res, allowed)) {
    res.writeHead(403, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Origin not allowed' }));
    return;
  }
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    // Chrome asks before a public https docs origin may call a loopback server (Private Network Access).
    ...(req.headers['access-control-request-private-network'] === 'true' ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
  });
  res.end();
}
