/**
 * A bootstrapped, migration-free database kept inside each native cluster, so that a shadow
 * database or a reset is a `CREATE DATABASE ... TEMPLATE` (a file copy) rather than a new server
 * or a new bootstrap. It is built once per cluster from template0 plus the bootstrap SQL, under
 * a temporary name that is renamed only when complete, and it refuses connections so cloning
 * is never blocked by a stray session. Its comment holds the bootstrap digest, so a changed
 * bootstrap rebuilds it.
 */
import type pg from 'pg';
import { bootstrapDigest, nativeBootstrapScripts } from '../native/bootstrap-sql.js';
import { withUrl, withDatabase } from './connect.js';
import { endDeadSessions } from './orphan-backend.js';
import { TaskError, messageOf } from '../task-error.js';

/** The name of the bootstrapped template database. */
export const TEMPLATE_DATABASE = 'supabase_template';
const BUILDING = `${TEMPLATE_DATABASE}_build`;

/**
 * Makes sure the template database exists and is current; `adminUrl` points at any other database.
 * `admin`, a session the caller holds on that database, is asked whether it is current instead of a
 * connection of its own (one login fewer for a reset, which goes on with that session).
 */
export async function ensureTemplateDatabase(adminUrl: string, admin?: pg.Client): Promise<void> {
  const digest = await bootstrapDigest();
  // Raw SQL on pg in this module: every `db reset` passes here, and loading kysely would cost it more
  // than the two catalog reads; the rest is CREATE/ALTER/DROP DATABASE, which kysely cannot write.
  const read = async (client: pg.Client) => {
    const result = await client.query<{ comment: string | null }>(
      'SELECT shobj_description(oid, \'pg_database\') AS comment FROM pg_database WHERE datname = $1',
      [TEMPLATE_DATABASE],
    );
    return result.rows[0];
  };
  const current = admin ? await read(admin) : await withUrl(adminUrl, read);
  if (current?.comment === digest) return;
  await withUrl(adminUrl, async (client) => {
    // A command killed while it built the template may still be creating the build database.
    await endDeadSessions(client);
    await client.query(`DROP DATABASE IF EXISTS ${BUILDING} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${BUILDING} TEMPLATE template0`);
  });
  await withUrl(withDatabase(adminUrl, BUILDING), async (client) => {
    for (const script of await nativeBootstrapScripts()) {
      try {
        await client.query(script.sql);
      } catch (err) {
        throw new TaskError(`failed to bootstrap the template database (migrations/bootstrap/${script.name}): ${messageOf(err)}`, undefined, { cause: err });
      }
    }
  });
  await withUrl(adminUrl, async (client) => {
    await client.query(`COMMENT ON DATABASE ${BUILDING} IS ${client.escapeLiteral(digest)}`);
    await dropClosedDatabase(client, TEMPLATE_DATABASE);
    await client.query(`ALTER DATABASE ${BUILDING} RENAME TO ${TEMPLATE_DATABASE}`);
    await client.query(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH ALLOW_CONNECTIONS false`);
  });
}

/** Creates `name` as a copy of the template database (after ensureTemplateDatabase). */
export async function cloneTemplate(client: pg.Client, name: string): Promise<void> {
  await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${TEMPLATE_DATABASE}`);
}

/** Drops database `name` if it exists, though it refuses connections (it must be allowed them again before DROP ... FORCE). */
export async function dropClosedDatabase(client: pg.Client, name: string): Promise<void> {
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) return;
  await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} WITH ALLOW_CONNECTIONS true`);
  await client.query(`DROP DATABASE ${client.escapeIdentifier(name)} WITH (FORCE)`);
}
