/**
 * The Realtime API (`/realtime/v1`) as an API service of the gateway, following realtime v2.25.50
 * as realtime-js 2.9 speaks to it: the Phoenix socket at `/websocket` (the gateway hands it the
 * upgrade after its apikey check; the socket's own token check is realtime's UserSocket.connect,
 * refused with an empty 403), and the REST broadcast at `/api/broadcast`. Channels, presence and
 * database changes are shared by every socket of the process (realtime-context.ts). A request or
 * header longer than `[realtime] max_header_length` is refused with 431, as realtime's server does.
 * At register it deletes the subscriptions and the replication slot a previous run left; at close
 * it ends the change stream, which drops the slot.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import pgDriver from '../../db/pg-driver.js';
import { jwtSecretKey } from '../common/jwt.js';
import type { ApiContext, ApiService } from '../gateway/api-service.js';
import { refuseUpgrade } from '../gateway/gateway-upgrade.js';
import { checkAccessToken } from './access-token.js';
import { broadcastBatch } from './broadcast-endpoint.js';
import { ChannelHub } from './channel-hub.js';
import { PresenceTracker } from './presence-tracker.js';
import { ChangeStream } from './postgres-changes/change-stream.js';
import { dropSlot } from './postgres-changes/replication-slot.js';
import { deleteAllSubscriptions } from './postgres-changes/subscription-sql.js';
import type { RealtimeContext } from './realtime-context.js';
import { serveSocket } from './realtime-socket.js';

/** The largest frame a client may send (realtime's endpoint: max_frame_size 8,000,000). */
const MAX_FRAME_BYTES = 8_000_000;

/** Whether a header value passes `[realtime] max_header_length`. */
function headersFit(request: IncomingMessage, limit: number): boolean {
  for (let index = 1; index < request.rawHeaders.length; index += 2) if (request.rawHeaders[index].length > limit) return false;
  return true;
}

/** The socket's token: the `x-api-key` header, else the `apikey` query parameter (UserSocket.access_token). */
function socketToken(request: IncomingMessage): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') return header;
  return new URL(request.url ?? '/', 'http://realtime').searchParams.get('apikey') ?? undefined;
}

export function createRealtimeService(): ApiService {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  let context: RealtimeContext | undefined;
  let maxHeaderLength = Infinity;
  return {
    service: 'realtime',
    prefix: '/realtime/v1',
    async prepare(api: ApiContext): Promise<void> {
      const { settings } = api;
      const host = '127.0.0.1';
      const pool = new pgDriver.Pool({ host, port: settings.dbPort, user: 'supabase_admin', password: settings.dbPassword, database: 'postgres', application_name: 'realtime_subscription_manager', max: 2, idleTimeoutMillis: 30_000 });
      pool.on('error', () => undefined);
      const hub = new ChannelHub();
      context = { hub, presence: new PresenceTracker(hub), changes: new ChangeStream({ host, dbPort: settings.dbPort, dbPassword: settings.dbPassword, log: api.log }), pool, secret: jwtSecretKey(settings.jwtSecret), log: api.log };
      maxHeaderLength = settings.realtimeMaxHeaderLength ?? Infinity;
      // What a previous run left: its subscriptions and its slot, one after the other on one
      // connection. Two at once would open a second server process (some 16 MiB resident) that the
      // pool then keeps idle for its 30 s, for a statement of a millisecond.
      try {
        await deleteAllSubscriptions(pool);
      } catch (error) {
        // Tried again at the next request: nothing of this attempt stays open.
        await context.changes.close();
        await pool.end();
        context = undefined;
        throw error;
      }
      await dropSlot(pool).catch((error: Error) => api.log(`realtime: dropping the replication slot a previous run left failed: ${error.message}`));
    },
    async register(app: FastifyInstance): Promise<void> {
      // Registered before prepare has run (the gateway registers routes while the database starts):
      // the context is read when a request comes, which the gateway holds until prepare is done.
      app.addHook('onRequest', async (request, reply) => {
        if (!headersFit(request.raw, maxHeaderLength)) return reply.code(431).send();
        return undefined;
      });
      app.post('/api/broadcast', async (request, reply) => {
        const shared = context!;
        const answer = await broadcastBatch(shared.hub, shared.secret, request.headers, request.body);
        if (answer.status === 422) return reply.code(422).type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
        return reply.code(answer.status).send();
      });
    },
    upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, path: string): void {
      const shared = context;
      if (!shared || (path !== '/websocket' && path !== '/websocket/')) return refuseUpgrade(socket, 404, { message: 'no Route matched with those values' });
      if (!headersFit(request, maxHeaderLength)) return refuseUpgrade(socket, 431, {});
      const token = socketToken(request);
      void checkAccessToken(token, shared.secret).then((checked) => {
        if (!checked.ok || token === undefined) return refuseUpgrade(socket, 403, {});
        sockets.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, token, shared));
      });
    },
    async close(): Promise<void> {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await context?.changes.close();
      // No subscriber is left; a stopping database may refuse, and the next start deletes them anyway.
      // The slot too, when the stream was between sessions as it stopped (it drops its own otherwise).
      if (context) await deleteAllSubscriptions(context.pool).catch(() => undefined);
      if (context) await dropSlot(context.pool).catch(() => undefined);
      await context?.pool.end();
    },
  };
}

/** The Realtime service the gateway loads (api-services.ts). */
export const realtimeService: ApiService = createRealtimeService();
