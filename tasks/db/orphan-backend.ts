/**
 * A killed command's database session can outlive it: the server only notices the lost client
 * when it next talks to it, so a long statement keeps running, holding its locks, until it ends
 * (and a statement that commits by itself, CREATE DATABASE say, then commits). A recovery ends
 * such a session at once, knowing its pid from the journal; a command about to create or drop a
 * database ends every session whose command is gone, found by its name (session-name.ts).
 */
import type pg from 'pg';
import type { StatisticsViews } from './catalog/statistics-views.js';
import { endBackends } from './end-backends.js';
import { SESSION_NAME_LIKE, isToolSession, sessionOwner } from './session-name.js';
import { isProcessAlive } from '../journal/process-alive.js';
import { processStartTime } from '../native/process-start.js';
import { TaskError } from '../task-error.js';

/** How long a terminated backend gets to go: it exits within milliseconds unless the system holds it. */
const GONE_WITHIN_MS = 15_000;
/** How often to look whether it went. */
const LOOK_EVERY_MS = 5;
/** Clock slack between the server's session start and /proc's process start (10 ms ticks). */
const CLOCK_SLACK_MS = 1_000;

/** Terminates the backend if it is still a session of this tool, and waits until it is gone. */
export async function endOrphanBackend(client: pg.Client, pid: number, timeoutMs = 5_000): Promise<void> {
  // Loaded here: the recoveries that import this module rarely need it.
  const { kyselyOn, sql } = await import('./kysely.js');
  const db = kyselyOn<StatisticsViews>(client);
  const session = await db.selectFrom('pg_catalog.pg_stat_activity').select('application_name').where('pid', '=', pid)
    .where('pid', '<>', sql<number>`pg_backend_pid()`).executeTakeFirst();
  if (!session || !isToolSession(session.application_name)) return;
  await endBackends(client, [pid], { withinMs: timeoutMs, everyMs: LOOK_EVERY_MS });
}

/**
 * Ends every backend, on any database of the server, that a command of this tool left behind when
 * it died (its process is gone, or its pid now names a process that started later), and waits
 * until they are all gone. Sessions of commands that
 * still run are left alone. Before a database is created or dropped: an orphan's CREATE DATABASE
 * holds the new name until it commits, and the next CREATE of that name then fails.
 */
export async function endDeadSessions(client: pg.Client, timeoutMs = GONE_WITHIN_MS): Promise<void> {
  const { kyselyOn, sql } = await import('./kysely.js');
  const sessions = await kyselyOn<StatisticsViews>(client).selectFrom('pg_catalog.pg_stat_activity')
    .select(['pid', 'application_name', 'backend_start'])
    .where('application_name', 'like', SESSION_NAME_LIKE)
    .where('pid', '<>', sql<number>`pg_backend_pid()`)
    .execute();
  const orphans = sessions.filter((session) => {
    const owner = sessionOwner(session.application_name);
    return owner !== undefined && !stillRuns(owner, session.backend_start);
  }).map((session) => session.pid);
  if (await endBackends(client, orphans, { withinMs: timeoutMs, everyMs: LOOK_EVERY_MS })) return;
  throw new TaskError(
    `failed to end the database sessions of an interrupted command: backend ${orphans.join(', ')} still runs after ${Math.round(timeoutMs / 1000)} s`,
    'Run supabase stop, then supabase start, and try again.',
  );
}

/**
 * Whether the process that opened a session still runs: a process of that pid runs, and it had
 * started before the session did (one that started later got the pid of a dead one).
 */
function stillRuns(pid: number, sessionStart: Date | null): boolean {
  if (!isProcessAlive(pid)) return false;
  const started = processStartTime(pid);
  return !started || !sessionStart || started.getTime() <= sessionStart.getTime() + CLOCK_SLACK_MS;
}
