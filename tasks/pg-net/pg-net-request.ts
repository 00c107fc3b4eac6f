/**
 * One pg_net request, sent as the platform's worker sends it (libcurl there): the queued method,
 * URL, headers and body, a `User-Agent: pg_net/<version>` header, no redirects followed, and the
 * whole exchange bounded by the request's timeout. node:http rather than fetch, so the response
 * headers keep the case the server gave them, as the platform's `_http_response.headers` do.
 */
import http from 'node:http';
import https from 'node:https';

/** The version of pg_net whose interface the native runtime offers (native-extensions/pg_net). */
export const PG_NET_VERSION = '0.7.1';

/** A row taken off `net.http_request_queue`. */
export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

/** What goes into `net._http_response`: a response, or a failure. */
export type RequestOutcome =
  | { kind: 'response'; statusCode: number; contentType: string | null; headers: Record<string, string>; content: string | null }
  | { kind: 'failure'; timedOut: boolean; message: string };

/** libcurl's words for a timeout, which is what `error_msg` says on the platform. */
export const TIMEOUT_MESSAGE = 'Timeout was reached';

/** Sends a queued request and reports how it ended; never throws. */
export function sendRequest(request: QueuedRequest): Promise<RequestOutcome> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.resolve({ kind: 'failure', timedOut: false, message: `URL using bad/illegal format or missing URL: ${request.url}` });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve({ kind: 'failure', timedOut: false, message: `Unsupported protocol: ${url.protocol.replace(/:$/, '')}` });
  }
  const headers: Record<string, string> = { 'User-Agent': `pg_net/${PG_NET_VERSION}` };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
  const timeoutMs = Math.max(1, request.timeout_milliseconds);
  return new Promise((resolve) => {
    let settled = false;
    // The whole exchange, connection to last byte, as curl's CURLOPT_TIMEOUT_MS.
    const abort = new AbortController();
    const timer = setTimeout(() => {
      finish({ kind: 'failure', timedOut: true, message: TIMEOUT_MESSAGE });
      abort.abort();
    }, timeoutMs);
    const finish = (outcome: RequestOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const client = url.protocol === 'https:' ? https : http;
    let outgoing: http.ClientRequest;
    try {
      outgoing = client.request(url, { method: request.method.toUpperCase(), headers, signal: abort.signal }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => finish({ kind: 'failure', timedOut: false, message: error.message }));
        response.on('end', () => {
          // text cannot hold NUL characters; the rest of a binary body stays as decoded.
          const content = Buffer.concat(chunks).toString('utf8').replace(/\0/g, '');
          finish({
            kind: 'response',
            statusCode: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? null,
            headers: headersOf(response.rawHeaders),
            content: content === '' ? null : content,
          });
        });
      });
    } catch (error) {
      // A header name or value that HTTP cannot carry (a newline, say) is refused before sending.
      finish({ kind: 'failure', timedOut: false, message: (error as Error).message });
      return;
    }
    outgoing.on('error', (error) => finish({ kind: 'failure', timedOut: false, message: error.message }));
    if (request.body && request.body.length > 0) outgoing.end(request.body);
    else outgoing.end();
  });
}

/** Response headers as one object; a repeated header keeps its last value, as jsonb does. */
function headersOf(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) headers[raw[i]!] = raw[i + 1]!;
  return headers;
}
