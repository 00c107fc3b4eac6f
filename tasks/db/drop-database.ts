/**
 * DROP DATABASE ... WITH (FORCE) without its pause. Given sessions still connected, the server
 * signals them and then looks again every 100 ms until they are gone, so dropping a database with
 * a single idle session (pg_net's worker keeps one in every database that has the extension)
 * costs 100 ms or more. Ending those sessions first and watching them go (they exit within a
 * millisecond or two) leaves the server nothing to wait for. A session that connects in between
 * is still ended by FORCE, at the server's pace.
 */
import type pg from 'pg';
import type { StatisticsViews } from './catalog/statistics-views.js';
import { endBackends } from './end-backends.js';

const WATCH_EVERY_MS = 2;
const WATCH_AT_MOST_MS = 1_000;

/** Ends the sessions on database `name` and watches them go; false when some are still there at the deadline. */
export async function endDatabaseSessions(client: pg.Client, name: string): Promise<boolean> {
  const { kyselyOn, sql } = await import('./kysely.js');
  const sessions = await kyselyOn<StatisticsViews>(client).selectFrom('pg_catalog.pg_stat_activity')
    .select('pid')
    .where('datname', '=', name)
    .where('pid', '<>', sql<number>`pg_backend_pid()`)
    .execute();
  return endBackends(client, sessions.map((session) => session.pid), { withinMs: WATCH_AT_MOST_MS, everyMs: WATCH_EVERY_MS });
}

/** Drops `name` (if it exists), ending its sessions first. */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // Past the watch, FORCE ends whatever is left, at the server's pace.
  await endDatabaseSessions(client, name);
  // Raw SQL: kysely has no DROP DATABASE.
  await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
}
