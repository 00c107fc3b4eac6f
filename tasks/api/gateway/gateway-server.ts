/**
 * The API gateway: one fastify server on the API port doing what the original's Kong does
 * (kong-routes.ts): each request is matched to a route, a CORS preflight is answered, the API key
 * checked, and then it goes to the in-process service registered under the route's prefix, is
 * proxied to the process serving it, or is answered 503 naming the service that is not there. All
 * of that happens in one onRequest hook, before fastify reads a body, so a proxied request's body
 * streams on untouched. A handler's failure is that request's 500; the process goes on.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ApiError } from '../common/api-error.js';
import type { ApiContext, ApiService } from './api-service.js';
import type { GatewaySettings } from './gateway-settings.js';
import { rewriteGraphql } from './graphql-rewrite.js';
import { CORS_RESPONSE_HEADERS, isPreflight, preflightHeaders } from './kong-cors.js';
import { refuseKey } from './key-auth.js';
import { matchRoute } from './kong-routes.js';
import { absentMessage, notRunningMessage } from './absent-services.js';
import { proxyRequest } from './proxy.js';
import { readFunctionsUpstream } from './functions-upstream.js';
import { GATEWAY_HEALTH_PATH, GATEWAY_HEALTH_SERVICE } from './gateway-health.js';
import { routeUpgrade } from './gateway-upgrade.js';
import { NotPrepared } from './not-prepared.js';
import { ServiceReadiness } from './service-readiness.js';


/** Kong's answer when no route matches. */
const NO_ROUTE = { message: 'no Route matched with those values' };

/** The body size the gateway accepts: PostgREST sets none, bulk inserts can be large. */
const BODY_LIMIT = 100 * 1024 * 1024;

/** postgres-meta's URL from its pid record, when it has one. */
async function pgMetaUrl(record: string): Promise<string | undefined> {
  try {
    const { url } = JSON.parse(await readFile(record, 'utf8')) as { url?: unknown };
    return typeof url === 'string' ? url : undefined;
  } catch {
    return undefined;
  }
}

function sendJson(reply: FastifyReply, status: number, body: unknown, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/**
 * Builds the gateway (not listening) with `services` registered under their prefixes; resolves
 * once every service's register and then, after `beforePrepare` (the CLI's go-ahead), every
 * prepare (all at once) have returned (the REST schema cache loaded, say).
 */
export async function createGateway(
  settings: GatewaySettings,
  services: readonly ApiService[],
  log: (line: string) => void,
  beforePrepare: () => Promise<void> = async () => undefined,
): Promise<FastifyInstance> {
  const app = fastify({ logger: false, bodyLimit: BODY_LIMIT, rewriteUrl: rewriteGraphql, maxParamLength: 1000 });
  const served = new Map(services.map((service) => [service.service as string, service]));
  const context: ApiContext = { settings: settings.api, log };
  const readiness = new ServiceReadiness(context);

  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://gateway');
    if (url.pathname === GATEWAY_HEALTH_PATH) return sendJson(reply, 200, { service: GATEWAY_HEALTH_SERVICE, project_id: settings.projectId });
    const route = matchRoute(url.pathname);
    if (!route) return sendJson(reply, 404, NO_ROUTE);
    if (route.cors) {
      // Kong's cors plugin runs before key-auth: a preflight never needs a key.
      if (isPreflight(request.method, request.headers)) return reply.code(200).headers(preflightHeaders(request.headers)).send();
      void reply.headers(CORS_RESPONSE_HEADERS);
    }
    const refused = refuseKey(route, request.headers, url.searchParams, settings.api);
    if (refused) return sendJson(reply, refused.status, refused.body, refused.headers);
    const { upstream } = route;
    const reason = settings.absent[upstream.service];
    if (upstream.kind === 'none' || (upstream.kind === 'in-process' && !served.has(upstream.service))) {
      return sendJson(reply, 503, { message: absentMessage(upstream.service, reason) });
    }
    if (upstream.kind === 'in-process') {
      try {
        await readiness.whenReady(served.get(upstream.service)!);
      } catch (error) {
        if (error instanceof NotPrepared) return sendJson(reply, error.status, error.body);
        throw error;
      }
    }
    if (upstream.kind === 'proxy') {
      // Functions keep their path (the router serves /functions/v1/...); pg-meta gets it stripped, as Kong strips it.
      const origin = upstream.service === 'functions' ? (await readFunctionsUpstream(settings.functionsRecord))?.url : reason ? undefined : await pgMetaUrl(settings.pgMetaRecord);
      if (!origin) return sendJson(reply, 503, { message: notRunningMessage(upstream.service, reason) });
      const path = upstream.service === 'functions' ? `${url.pathname}${url.search}` : `/${url.pathname.slice(route.path.length)}${url.search}`;
      reply.hijack();
      proxyRequest(request.raw, reply.raw as ServerResponse, origin, path, log);
      return reply;
    }
    return undefined;
  });

  // A path under a served prefix that the service has no route for: Kong passes it on, and the
  // service would answer its own 404; a service that does not say otherwise answers Kong's.
  app.setNotFoundHandler((_request, reply) => sendJson(reply, 404, NO_ROUTE));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendJson(reply, error.status, error.body, { ...error.headers });
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) return sendJson(reply, status, { message: error.message });
    log(`${request.method} ${request.url.split('?')[0]}: ${error.stack ?? error.message}`);
    return sendJson(reply, 500, { message: 'An unexpected error occurred' });
  });

  // Closing the gateway closes what it serves (their pools), whatever closed it.
  app.addHook('onClose', async () => {
    await readiness.settled();
    await Promise.allSettled(services.map((service) => service.close()));
  });
  // WebSocket upgrades bypass fastify's routing; they get the same routes and key checks. The
  // server's close waits for every connection, an upgraded one included, so a stop ends them first.
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    routeUpgrade(settings, services, readiness, request, socket, head);
  });
  app.addHook('preClose', async () => {
    for (const socket of upgraded) socket.destroy();
  });
  // Routes first (building them is some 40 ms of fastify's work, done while the database may still
  // be starting), then the go-ahead, then what the services load from the database, all at once
  // and not waited for here (service-readiness.ts).
  for (const service of services) {
    await app.register(async (scope) => service.register(scope, context), { prefix: service.prefix });
  }
  await beforePrepare();
  readiness.prepareAll(services);
  await app.ready();
  return app;
}
