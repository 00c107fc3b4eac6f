/**
 * WebSocket upgrades on the API port, routed as the gateway routes HTTP (kong-routes.ts): the
 * longest matching prefix, Kong's CORS aside (a browser sends no preflight for a WebSocket), the
 * same `apikey` check (realtime-js sends it in the query), then the in-process service under that
 * prefix that claims upgrades. fastify never sees an upgrade, so this listens on the node server
 * itself; a refusal is written on the raw socket as an HTTP answer with the body the gateway
 * would send for a plain request, and the socket is closed.
 */
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiService } from './api-service.js';
import type { GatewaySettings } from './gateway-settings.js';
import { refuseKey } from './key-auth.js';
import { matchRoute } from './kong-routes.js';
import { absentMessage } from './absent-services.js';
import { NotPrepared } from './not-prepared.js';
import type { ServiceReadiness } from './service-readiness.js';

/** Writes an HTTP answer on a socket that was asking to upgrade, and closes it. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  // A socket the client already closed takes no answer; it is only released.
  if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
  else socket.destroy();
}

/** Handles one upgrade request: hands it to the service that claims it, or refuses it as Kong would. */
export function routeUpgrade(settings: GatewaySettings, services: readonly ApiService[], readiness: ServiceReadiness, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  // A socket error before a service owns it must not reach the process.
  socket.on('error', () => socket.destroy());
  const url = new URL(request.url ?? '/', 'http://gateway');
  const route = matchRoute(url.pathname);
  if (!route) return refuseUpgrade(socket, 404, { message: 'no Route matched with those values' });
  const refused = refuseKey(route, request.headers, url.searchParams, settings.api);
  if (refused) return refuseUpgrade(socket, refused.status, refused.body, refused.headers);
  const { upstream } = route;
  const service = upstream.kind === 'in-process' ? services.find((candidate) => candidate.service === upstream.service) : undefined;
  if (!service) return refuseUpgrade(socket, 503, { message: absentMessage(upstream.service, settings.absent[upstream.service]) });
  // The service sees the path under its prefix, as fastify hands it HTTP requests.
  if (!service.upgrade) return refuseUpgrade(socket, 404, { message: 'no Route matched with those values' });
  const { upgrade } = service;
  // As an HTTP request does, an upgrade waits until its service has loaded what it needs.
  readiness.whenReady(service).then(
    () => upgrade.call(service, request, socket, head, url.pathname.slice(service.prefix.length) || '/'),
    (error: unknown) => refuseUpgrade(socket, error instanceof NotPrepared ? error.status : 503, error instanceof NotPrepared ? error.body : { message: String(error) }),
  );
}
