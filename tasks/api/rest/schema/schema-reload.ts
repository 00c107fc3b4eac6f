/**
 * Keeps the REST schema cache current, as PostgREST does: a dedicated connection listens on
 * channel `pgrst`; `NOTIFY pgrst, 'reload schema'` (or an empty payload) reloads the cache and
 * hands it to the caller. If the connection drops, it reconnects with a growing delay and reloads
 * once it is back, since a migration may have run while nobody listened.
 */
import type pg from 'pg';
import pgDriver from '../../../db/pg-driver.js';
import type { SchemaCache } from '../schema-types.js';
import { loadSchemaCache } from './load-schema-cache.js';

export interface SchemaReloadOptions {
  /** Where to connect (the gateway logs in as authenticator). */
  connection: pg.ClientConfig;
  schemas: string[];
  /** Receives each cache built after a notification or a reconnection. */
  onReload(cache: SchemaCache): void;
  /** A line to the service's log: reloads, failures, reconnections. */
  log?(line: string): void;
  /** First delay before reconnecting, doubled up to 10 s; 250 ms unless told. */
  retryMs?: number;
}

export interface SchemaReloadListener {
  /** Stops listening and ends the connection; no reload is delivered afterwards. */
  close(): Promise<void>;
}

const CHANNEL = 'pgrst';
const MAX_RETRY_MS = 10_000;

/** Starts listening; resolves once the first connection listens, rejects if it cannot connect. */
export async function listenForSchemaReload(options: SchemaReloadOptions): Promise<SchemaReloadListener> {
  const log = options.log ?? (() => undefined);
  const firstDelay = options.retryMs ?? 250;
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  // Notifications that arrive during a reload are folded into one more reload after it.
  let loading = false;
  let pending = false;

  const reload = async (current: pg.Client) => {
    if (loading) {
      pending = true;
      return;
    }
    loading = true;
    try {
      do {
        pending = false;
        const cache = await loadSchemaCache(current, options.schemas);
        if (closed || current !== client) return;
        options.onReload(cache);
        log('schema cache reloaded');
      } while (pending);
    } catch (error) {
      if (!closed) log(`failed to reload the schema cache: ${(error as Error).message}`);
    } finally {
      loading = false;
    }
  };

  const connect = async (): Promise<pg.Client> => {
    const next = new pgDriver.Client(options.connection);
    // Errors of an idle connection arrive as events; the 'end' handler below takes over.
    next.on('error', (error) => log(`schema listener connection failed: ${error.message}`));
    await next.connect();
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL) return;
      const payload = message.payload ?? '';
      if (payload === '' || payload === 'reload schema') void reload(next);
    });
    next.on('end', () => {
      if (closed || client !== next) return;
      client = undefined;
      scheduleReconnect(firstDelay);
    });
    await next.query(`listen ${CHANNEL}`);
    return next;
  };

  const scheduleReconnect = (delay: number) => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed) return;
      connect().then((next) => {
        if (closed) {
          void next.end().catch(() => undefined);
          return;
        }
        client = next;
        log('schema listener reconnected');
        void reload(next);
      }, (error: Error) => {
        log(`schema listener cannot reconnect: ${error.message}`);
        scheduleReconnect(Math.min(delay * 2, MAX_RETRY_MS));
      });
    }, delay);
  };

  client = await connect();
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
