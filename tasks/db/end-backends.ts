/**
 * Ending PostgreSQL sessions by backend pid, the one way the tool does it: pg_terminate_backend
 * for each, then, for callers that must not go on while they linger, watching pg_stat_activity
 * until none of them is listed. A terminated backend rolls back and exits within milliseconds,
 * unless the system holds it; the callers choose how long to watch and how often. Used by the
 * orphan-session clean-ups (orphan-backend.ts), by dropDatabase (drop-database.ts) and by the
 * Ctrl-C handler of every connection (connect.ts). Kysely is loaded on first use: connect.ts
 * imports this module and most commands never end a backend.
 */
import type pg from 'pg';
import type { StatisticsViews } from './catalog/statistics-views.js';

/** How long to watch terminated backends go, and how often to look. */
export interface WatchOptions {
  withinMs: number;
  everyMs: number;
}

/** Asks the server to end each backend; pids that are not backends (any more) are ignored. */
export async function terminateBackends(client: pg.Client, pids: readonly number[]): Promise<void> {
  if (pids.length === 0) return;
  const { kyselyOn } = await import('./kysely.js');
  await kyselyOn<StatisticsViews>(client)
    .selectNoFrom((eb) => pids.map((pid, index) => eb.fn<boolean>('pg_terminate_backend', [eb.val(pid)]).as(`ended${index}`)))
    .execute();
}

/** Ends the backends and waits until none is left; false when some still are at the deadline. */
export async function endBackends(client: pg.Client, pids: readonly number[], watch: WatchOptions): Promise<boolean> {
  if (pids.length === 0) return true;
  await terminateBackends(client, pids);
  const { kyselyOn } = await import('./kysely.js');
  const left = kyselyOn<StatisticsViews>(client).selectFrom('pg_catalog.pg_stat_activity').select('pid').where('pid', 'in', [...pids]);
  const deadline = Date.now() + watch.withinMs;
  for (;;) {
    if (!(await left.executeTakeFirst())) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, watch.everyMs));
  }
}
