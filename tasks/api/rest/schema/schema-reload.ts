/**
 * Keeps the REST schema cache current, as PostgREST does: a dedicated connection listens on
 * channel `pgrst`; `NOTIFY pgrst, 'reload schema'` (or an empty payload) reloads the cache and
 * hands it to the caller. If the connection drops, it reconnects with a growing delay and reloads
 * once it is back, since a migration may have run while nobody listened.
 * A burst of notifications (one per committed transaction of a 1,000-migration `db reset`) does not
 * reload back to back: as PostgREST v12's debounced loader, the first one reloads at once and the
 * rest wait out a cooldown after each reload, then reload once (see `cooldownAfter`).
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
/** PostgREST v12's cooldown after each schema cache load (its debouncer's leading edge, 100 ms). */
const MIN_COOLDOWN_MS = 100;
/** How many times its own duration a reload waits before the next one. */
const COOLDOWN_FACTOR = 4;

/**
 * The pause after a reload that took `tookMs` before a pending one starts. Back to back, reloads
 * of a large schema kept one of the database's cores busy for the whole of a 1,000-migration reset
 * (56 reloads, 4 s of server time, on the cores the migrations need); spaced by four times their
 * cost they take at most a fifth of it, and a lone notification still reloads at once.
 */
export function cooldownAfter(tookMs: number): number {
  return Math.max(MIN_COOLDOWN_MS, COOLDOWN_FACTOR * tookMs);
}

/** Starts listening; resolves once the first connection listens, rejects if it cannot connect. */
export async function listenForSchemaReload(options: SchemaReloadOptions): Promise<SchemaReloadListener> {
  const log = options.log ?? (() => undefined);
  const firstDelay = options.retryMs ?? 250;
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  // Notifications that arrive during a reload or its cooldown are folded into one more reload after them.
  let loading = false;
  let pending = false;
  let cooldownTimer: NodeJS.Timeout | undefined;

  const reload = async (from: pg.Client) => {
    if (loading) {
      pending = true;
      return;
    }
    loading = true;
    let current: pg.Client | undefined = from;
    try {
      do {
        pending = false;
        const began = performance.now();
        const cache = await loadSchemaCache(current, options.schemas);
        if (closed) return;
        // A cache read over a connection since replaced may be stale: the new one asked for another.
        if (current === client) {
          options.onReload(cache);
          log('schema cache reloaded');
        }
        await new Promise((resolve) => (cooldownTimer = setTimeout(resolve, cooldownAfter(performance.now() - began))));
        cooldownTimer = undefined;
        if (closed) return;
        current = client;
      } while (pending && current);
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
      if (cooldownTimer) clearTimeout(cooldownTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
