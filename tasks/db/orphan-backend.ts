/**
 * A killed command's database session can outlive it: the server only notices the lost client
 * when it next talks to it, so a long statement keeps running, holding its locks, until it ends
 * and rolls back. A recovery ends such a session at once, knowing its pid from the journal.
 */
import type pg from 'pg';
import type { StatisticsViews } from './catalog/statistics-views.js';

/** Terminates the backend if it is still a session of this tool, and waits until it is gone. */
export async function endOrphanBackend(client: pg.Client, pid: number, timeoutMs = 5_000): Promise<void> {
  // Loaded here: the recoveries that import this module rarely need it.
  const { kyselyOn, sql } = await import('./kysely.js');
  const db = kyselyOn<StatisticsViews>(client);
  const session = (onlyOurs: boolean) => db.selectFrom('pg_catalog.pg_stat_activity').select('pid').where('pid', '=', pid)
    .$if(onlyOurs, (query) => query.where('application_name', '=', 'supabase_cli').where('pid', '<>', sql<number>`pg_backend_pid()`))
    .executeTakeFirst();
  if (!(await session(true))) return;
  await db.selectNoFrom((eb) => eb.fn<boolean>('pg_terminate_backend', [eb.val(pid)]).as('ended')).execute();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await session(false))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
