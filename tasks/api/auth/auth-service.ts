/**
 * The Auth API (`/auth/v1`) as an API service of the gateway: GoTrue v2.132.3's HTTP contract,
 * our own implementation of its flows (the contract is the product), on the auth schema as that
 * version leaves it, connected as supabase_auth_admin. Bodies are read as text whatever their
 * type, since GoTrue decodes JSON without looking at Content-Type; each request runs its route's
 * guard and handler (auth-routes.ts) and is answered as GoTrue answers (auth-reply.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { jwtSecretKey } from '../common/jwt.js';
import type { ApiContext, ApiService } from '../gateway/api-service.js';
import { createAuthPool } from './auth-db.js';
import { requireAdmin, requireAuthentication } from './auth-guards.js';
import { errorReply } from './auth-reply.js';
import type { AuthRequest } from './auth-request.js';
import { AUTH_ROUTES, type AuthRoute } from './auth-routes.js';
import type { AuthReply, AuthState } from './auth-state.js';

const PREFIX = '/auth/v1';

/**
 * GoTrue's CORS handler (rs/cors, in api.go) lets a page of any origin read the admin list's
 * paging headers: it names them in `Access-Control-Expose-Headers` on an answer to a request with
 * an Origin and one of its allowed methods. Kong's Allow-Origin comes from the gateway.
 */
const EXPOSED = { 'Access-Control-Expose-Headers': 'X-Total-Count, Link' };
const CORS_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** The request as GoTrue sees it behind Kong: the path without `/auth/v1`. */
function authRequest(request: FastifyRequest): AuthRequest {
  const url = (request.raw.url ?? '').slice(PREFIX.length) || '/';
  const at = url.indexOf('?');
  return {
    method: request.method,
    path: at >= 0 ? url.slice(0, at) : url,
    url,
    query: new URLSearchParams(at >= 0 ? url.slice(at + 1) : ''),
    headers: request.headers,
    body: typeof request.body === 'string' ? request.body : '',
    params: (request.params ?? {}) as Record<string, string>,
    remoteAddress: request.ip,
  };
}

async function run(route: AuthRoute, request: AuthRequest, state: AuthState): Promise<AuthReply> {
  switch (route.guard) {
    case 'none':
      return route.handle({ request, state, caller: undefined });
    case 'user':
      return route.handle({ request, state, caller: await requireAuthentication(request, state) });
    case 'admin':
      return route.handle({ request, state, caller: await requireAdmin(request, state) });
  }
}

async function answer(route: AuthRoute, state: AuthState, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let result: AuthReply;
  try {
    result = await run(route, authRequest(request), state);
  } catch (error) {
    result = errorReply(error, state.log);
  }
  const cors = request.headers.origin !== undefined && CORS_METHODS.has(request.method) ? EXPOSED : {};
  reply.code(result.status).headers({ ...cors, ...result.headers });
  if (result.body === undefined) return void (await reply.send());
  reply.type('application/json');
  await reply.send(JSON.stringify(result.body));
}

export function createAuthService(): ApiService {
  let pool: pg.Pool | undefined;
  return {
    service: 'auth',
    prefix: PREFIX,
    async register(app: FastifyInstance, context: ApiContext): Promise<void> {
      const { settings } = context;
      pool = createAuthPool(settings);
      const state: AuthState = { settings, auth: settings.auth, pool, secret: jwtSecretKey(settings.jwtSecret), log: (line) => context.log(`auth: ${line}`) };
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
      for (const route of AUTH_ROUTES) {
        app.route({ method: route.method, url: route.path, handler: (request, reply) => answer(route, state, request, reply) });
      }
    },
    async close(): Promise<void> {
      await pool?.end();
    },
  };
}

/** The Auth service the gateway loads (api-services.ts). */
export const authService: ApiService = createAuthService();
