/**
 * A spare copy of the template database, made ahead of time so that `db reset` renames it into
 * place instead of waiting for a copy. CREATE DATABASE ... TEMPLATE is most of a local reset's
 * fixed cost (300-500 ms on two busy cores), and nothing about it depends on the project's
 * migrations: the copy can be made while the user is doing something else. The same goes for
 * the drop of the old database (some 60 ms: PostgreSQL 15 waits for a checkpoint in every DROP
 * DATABASE): the reset renames it aside, and the refill drops it.
 *
 * After each local reset a detached process (spare-refill-main.ts) makes the next spare: under a
 * temporary name, entered once to build its relation cache, then refusing connections (so no
 * session can hold it and the pg_net worker, which skips every `supabase_template*` database, never
 * looks at it), marked with the template's digest, and renamed to the spare's name only when
 * complete. A reset takes the spare only when its digest is the template's (a changed bootstrap
 * rebuilds the template, and a stale spare is dropped); it renames it and lets connections in
 * within one transaction, so a reset killed there leaves either the spare or the database, never a
 * database nobody can connect to. Without a spare (the first reset, or one that came before the
 * refill finished) the reset copies the template itself, as before.
 */
import type pg from 'pg';
import { withDatabase, withUrl } from './connect.js';
import { endDatabaseSessions } from './drop-database.js';
import { TEMPLATE_DATABASE, dropClosedDatabase } from './template-database.js';

export const SPARE_DATABASE = `${TEMPLATE_DATABASE}_spare`;
const BUILDING = `${SPARE_DATABASE}_build`;
/** Old databases set aside by resets, each under a name of its own, until the refill drops them. */
const SET_ASIDE_PREFIX = `${TEMPLATE_DATABASE}_old_`;
/** One refill at a time per cluster: its advisory lock key (any constant no other code uses). */
const REFILL_LOCK = 7_305_511_024;

/** The spare's state: current (its digest is the template's), stale, or absent. */
async function spareState(client: pg.Client): Promise<'current' | 'stale' | 'absent'> {
  const { rows } = await client.query<{ current: boolean }>(
    `SELECT shobj_description(s.oid, 'pg_database') IS NOT DISTINCT FROM shobj_description(t.oid, 'pg_database') AS current
       FROM pg_database s LEFT JOIN pg_database t ON t.datname = $2 WHERE s.datname = $1`,
    [SPARE_DATABASE, TEMPLATE_DATABASE],
  );
  if (rows.length === 0) return 'absent';
  return rows[0].current ? 'current' : 'stale';
}

/**
 * Makes `name` (which must not exist) from the spare when there is a current one; answers whether
 * it did. A stale spare is dropped. `client` is connected to another database of the cluster.
 */
export async function takeSpare(client: pg.Client, name: string): Promise<boolean> {
  const state = await spareState(client);
  if (state === 'stale') await dropClosedDatabase(client, SPARE_DATABASE);
  if (state !== 'current') return false;
  await client.query('BEGIN');
  try {
    await client.query(`ALTER DATABASE ${SPARE_DATABASE} RENAME TO ${client.escapeIdentifier(name)}`);
    await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} WITH ALLOW_CONNECTIONS true`);
    // The digest marked the spare; a copy made by CREATE DATABASE has no comment.
    await client.query(`COMMENT ON DATABASE ${client.escapeIdentifier(name)} IS NULL`);
    await client.query('COMMIT');
    return true;
  } catch {
    // Someone else took it (or made `name`) in between: the caller copies the template instead.
    await client.query('ROLLBACK');
    return false;
  }
}

/**
 * Renames database `name` out of the way for the refill to drop; answers whether it did (false:
 * there is no such database, or a session came back in between; the caller drops it then).
 */
export async function setAside(client: pg.Client, name: string): Promise<boolean> {
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) return false;
  if (!(await endDatabaseSessions(client, name))) return false;
  const aside = `${SET_ASIDE_PREFIX}${Date.now()}_${process.pid}`;
  return client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} RENAME TO ${client.escapeIdentifier(aside)}`).then(() => true, () => false);
}

/**
 * Drops what resets set aside and makes the next spare if there is none (or a stale one), unless
 * another refill is at it.
 * `adminUrl` points at a database of the cluster other than the copies (template1).
 */
export async function refillSpare(adminUrl: string): Promise<void> {
  await withUrl(adminUrl, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [REFILL_LOCK]);
    if (!rows[0].locked) return;
    const old = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [SET_ASIDE_PREFIX]);
    for (const { datname } of old.rows) await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(datname)} WITH (FORCE)`);
    const state = await spareState(client);
    if (state === 'current') return;
    if (state === 'stale') await dropClosedDatabase(client, SPARE_DATABASE);
    // What a killed refill left half made.
    await dropClosedDatabase(client, BUILDING);
    const template = await client.query<{ comment: string | null }>("SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1", [TEMPLATE_DATABASE]);
    if (template.rowCount === 0) return;
    await client.query(`CREATE DATABASE ${BUILDING} TEMPLATE ${TEMPLATE_DATABASE}`);
    await warmRelationCache(withDatabase(adminUrl, BUILDING));
    await client.query(`ALTER DATABASE ${BUILDING} WITH ALLOW_CONNECTIONS false`);
    await client.query(`COMMENT ON DATABASE ${BUILDING} IS ${client.escapeLiteral(template.rows[0].comment ?? '')}`);
    await client.query(`ALTER DATABASE ${BUILDING} RENAME TO ${SPARE_DATABASE}`);
  });
}

/**
 * One session on a new copy, so that the reset that takes it does not pay for what the first
 * session of a database does: PostgreSQL builds its relation cache from the catalogs and leaves
 * it in the database's folder (pg_internal.init), which CREATE DATABASE does not copy. That is
 * some 3-5 ms of the first connection, the one `db reset` makes right after the swap. A copy no
 * session could enter stays as it is: the next connection builds the cache then.
 */
async function warmRelationCache(url: string): Promise<void> {
  await withUrl(url, (client) => client.query('SELECT 1')).catch(() => undefined);
}
