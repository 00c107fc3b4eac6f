/**
 * Forwards one request, as it came (method, path, headers, body stream), to a server of this
 * machine and streams its answer back: what Kong does for the routes whose service is a process of
 * its own (functions serve, postgres-meta). An upstream that cannot be reached is Kong's 502.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/** Kong's hop-by-hop headers, which a proxy does not pass on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function passed(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** Sends `request` to `origin` + `path` and pipes the answer into `response`. */
export function proxyRequest(request: IncomingMessage, response: ServerResponse, origin: string, path: string, log: (line: string) => void): void {
  const target = new URL(origin);
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: request.method, path, headers: { ...passed(request.headers), host: request.headers.host ?? target.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, passed(answer.headers));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    },
  );
  upstream.on('error', (error) => {
    log(`proxy to ${target.host}: ${error.message}`);
    if (response.headersSent) return void response.destroy();
    response.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ message: 'An invalid response was received from the upstream server' }));
  });
  // A client that goes away takes its upstream request with it.
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}
