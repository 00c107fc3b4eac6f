/**
 * The REST API (`/rest/v1`) as an API service of the gateway: PostgREST v12.0.1's HTTP contract
 * over the project's `[api] schemas`. At register it opens the authenticator pool, loads the
 * schema cache and watches for `NOTIFY pgrst, 'reload schema'`; each request then goes through
 * handleRestRequest. Bodies are read as text whatever their type (the REST layer checks them
 * itself, with PostgREST's errors), and a refusal is written as PostgREST writes it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { ApiError } from '../../common/api-error.js';
import { createRestPool } from '../../common/db-pool.js';
import { jwtSecretKey } from '../../common/jwt.js';
import { NotPrepared } from '../../gateway/not-prepared.js';
import type { ApiContext, ApiService } from '../../gateway/api-service.js';
import type { SchemaCache } from '../schema-types.js';
import { exposedHeaders } from './exposed-headers.js';
import { liveRestParts } from './live-parts.js';
import { handleRestRequest, type RestState } from './rest-handler.js';
import type { RestParts } from './rest-parts.js';

/** The body PostgREST writes for an error: its four members in the order it writes them. */
function errorBody(error: ApiError): string {
  // PostgREST's NotFound (a path it does not route) is an empty object.
  if (error.status === 404 && error.body.code === '') return '{}';
  const { code, details, hint, message } = error.body;
  return JSON.stringify({ code, details, hint, message });
}

async function answer(state: RestState, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  const path = (request.params as { '*'?: string })['*'] ?? '';
  const cors = exposedHeaders(request.headers.origin);
  try {
    const response = await handleRestRequest({ method: request.method, path, query: at >= 0 ? url.slice(at + 1) : '', headers: request.headers, body: typeof request.body === 'string' ? request.body : '' }, state);
    reply.code(response.status).headers({ ...cors, ...response.headers });
    await reply.send(response.body === '' ? undefined : response.body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    reply.code(error.status).headers({ ...cors, 'Content-Type': 'application/json; charset=utf-8', ...error.headers });
    await reply.send(errorBody(error));
  }
}

/** A REST service built on the given parser, schema cache and SQL builder. */
export function createRestService(parts: RestParts): ApiService {
  let pool: pg.Pool | undefined;
  let stopWatching: (() => Promise<void>) | undefined;
  let state: RestState | undefined;
  return {
    service: 'rest',
    prefix: '/rest/v1',
    async prepare(context: ApiContext): Promise<void> {
      const { settings } = context;
      const restPool = createRestPool(settings);
      let cache: SchemaCache | undefined;
      let reloaded = false;
      let watching: (() => Promise<void>) | undefined;
      try {
        // The listener first, then the first load: a schema change committed before the listener
        // started is in what the load reads, one committed after it reloads. The gateway answers
        // (and users may change the schema) while this runs, so no order of the two may lose one.
        // A reload that lands during the load read the catalog later, so it wins.
        watching = await parts.watchSchemaReload(settings, (fresh) => {
          cache = fresh;
          reloaded = true;
        }, context.log);
        const loaded = await parts.loadSchemaCache(restPool, settings);
        if (!reloaded) cache = loaded;
      } catch (error) {
        // Tried again at the next request: nothing of this attempt stays open.
        await watching?.();
        await restPool.end();
        throw error;
      }
      pool = restPool;
      stopWatching = watching;
      state = { parts, settings, pool: restPool, secret: jwtSecretKey(settings.jwtSecret), cache: () => cache! };
    },
    // PostgREST v12's answer while its schema cache cannot be loaded.
    unprepared: () => new NotPrepared(503, { code: 'PGRST002', details: null, hint: null, message: 'Could not query the database for the schema cache. Retrying.' }),
    async register(app: FastifyInstance): Promise<void> {
      // Registered before prepare has run (the gateway registers routes while the database
      // starts): the state is read when a request comes, which the gateway holds until prepare is done.
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 100 * 1024 * 1024 }, (_request, body, done) => done(null, body));
      const handler = (request: FastifyRequest, reply: FastifyReply) => answer(state!, request, reply);
      const methods = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
      app.route({ method: [...methods], url: '/', exposeHeadRoute: false, handler });
      app.route({ method: [...methods], url: '/*', exposeHeadRoute: false, handler });
    },
    async close(): Promise<void> {
      await stopWatching?.();
      await pool?.end();
    },
  };
}

/** The REST service the gateway loads (api-services.ts), on the real parser, schema cache and SQL builder. */
export const restService: ApiService = createRestService(liveRestParts);
