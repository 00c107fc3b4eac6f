/**
 * The Auth service's connections: logged in as `supabase_auth_admin`, as GoTrue is (its search_path
 * is `auth`, set on the role), so triggers on auth.users run as that role and see what GoTrue's
 * inserts would make them see. Every write of a flow runs in one transaction (GoTrue's
 * db.Transaction): a trigger that raises undoes the whole signup, and nothing is half-written.
 */
import type pg from 'pg';
import pgDriver from '../../db/pg-driver.js';
import type { ApiSettings } from '../gateway/api-service.js';

/** How GoTrue names its sessions (pop's default application name is empty; this tells them apart). */
export const AUTH_APPLICATION_NAME = 'gotrue';

/** A few connections: each is a server process, and auth requests are short. */
const POOL_SIZE = 3;

/** A query runner: a pool, or the client of an open transaction. */
export type AuthDb = Pick<pg.ClientBase, 'query'>;

/** Opens no connection yet: the first request does. */
export function createAuthPool(settings: Pick<ApiSettings, 'dbPort' | 'dbPassword'>): pg.Pool {
  const pool = new pgDriver.Pool({
    host: '127.0.0.1',
    port: settings.dbPort,
    user: 'supabase_auth_admin',
    password: settings.dbPassword,
    database: 'postgres',
    application_name: AUTH_APPLICATION_NAME,
    max: POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection the server ends while idle must not be thrown on the process.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (tx: AuthDb) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
