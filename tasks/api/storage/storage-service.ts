/**
 * The Storage API (`/storage/v1`) as an API service of the gateway: storage-api v0.46.4's HTTP
 * contract (storage-routes.ts) over the project's storage schema and the object files of its
 * native folder. Bodies are left unread by fastify, so an upload streams from the socket to its
 * file; the routes that take JSON read it themselves. Every refusal is written in storage-api's
 * shape (`{statusCode, error, message}`), and an unexpected failure is that request's 500 with
 * the cause in the gateway's log, never the process's end.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { createRestPool } from '../common/db-pool.js';
import { jwtSecretKey } from '../common/jwt.js';
import type { ApiContext, ApiService } from '../gateway/api-service.js';
import { FileBackend } from './file-backend.js';
import type { StorageContext } from './storage-context.js';
import { StorageError } from './storage-error.js';
import { serviceUser } from './storage-jwt.js';
import { STORAGE_ROUTES } from './storage-routes.js';

/** What its sessions are called in pg_stat_activity. */
const APPLICATION_NAME = 'storage-api 0.46.4';
/** Where the gateway mounts it, as Kong's storage-v1 route does. */
const PREFIX = '/storage/v1';

/** The URL storage-api gets from Kong for one under the prefix: strip_path leaves the rest after `/`. */
function kongUpstreamUrl(url: string): string {
  const rest = url.slice(PREFIX.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The Storage service on its routes. */
export function createStorageService(): ApiService {
  let pool: pg.Pool | undefined;
  return {
    service: 'storage',
    prefix: PREFIX,
    async register(app: FastifyInstance, { settings, log }: ApiContext): Promise<void> {
      if (!settings.storage) throw new Error('the gateway settings have no storage settings: start the stack again with this version of the CLI');
      pool = createRestPool(settings, APPLICATION_NAME);
      const context: StorageContext = {
        pool,
        files: new FileBackend(settings.storage.root),
        secret: jwtSecretKey(settings.jwtSecret),
        superUser: serviceUser(settings.serviceRoleKey),
        settings: settings.storage,
        log,
      };
      app.removeAllContentTypeParsers();
      // Leaves the body on the socket: uploads stream it, JSON routes read it (storage-request.ts).
      app.addContentTypeParser('*', (_request, _payload, done) => done(null));
      app.setErrorHandler((error, request, reply) => {
        if (error instanceof StorageError) return reply.code(error.status).type('application/json; charset=utf-8').send(error.body);
        const status = (error as { statusCode?: number }).statusCode;
        if (status !== undefined && status >= 400 && status < 500) return reply.code(status).send({ statusCode: String(status), error: error.name, message: error.message });
        const where = `storage ${request.method} ${request.url.split('?')[0]}`;
        // A client that hangs up mid-upload is no failure of ours: its file is already removed (file-backend.ts).
        if (request.raw.aborted || request.raw.socket?.destroyed) log(`${where}: the client closed the connection`);
        else log(`${where}: ${error.stack ?? error.message}`);
        return reply.code(500).send({ statusCode: '500', error: 'Internal', message: 'Internal Server Error' });
      });
      // fastify's own 404 in storage-api names the URL it received: Kong stripped /storage/v1 and kept the query.
      app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `Route ${request.method}:${kongUpstreamUrl(request.url)} not found`, error: 'Not Found', statusCode: 404 }));
      for (const route of STORAGE_ROUTES) {
        if (route.enabled && !route.enabled(settings.storage)) continue;
        app.route({ method: route.method, url: route.url, exposeHeadRoute: false, handler: (request, reply) => route.handler(context, request, reply) });
      }
    },
    async close(): Promise<void> {
      await pool?.end();
    },
  };
}

/** The Storage service the gateway loads (api-services.ts). */
export const storageService: ApiService = createStorageService();
