/**
 * The metadata store's transactions, as storage-api v0.46.4 runs them: a pooled connection, BEGIN,
 * then the request's scope as transaction-local settings (role, request.jwt, request.jwt.claim.role
 * and .sub, request.jwt.claims, request.headers, request.method, request.path, and its search_path
 * `storage, public, extensions`), so the project's policies on storage.buckets and storage.objects
 * decide what the request may see and do. The service role (storage-api's "super user") bypasses
 * them; a transaction may switch to it and back (`become`) for the checks storage-api makes as it.
 * A database error leaves as storage-api's rendering of it (fromDatabaseError).
 */
import type pg from 'pg';
import type { StorageUser } from './storage-jwt.js';
import { fromDatabaseError, isDatabaseError } from './storage-error.js';

/** What the scope says about the request besides its user. */
export interface RequestScope {
  method: string;
  path: string;
  headers: Record<string, unknown>;
}

export interface StorageTx {
  query<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>>;
  /** Runs what follows as `user` (the service role for storage-api's own checks). */
  become(user: StorageUser): Promise<void>;
}

const SCOPE_SQL = `select set_config('search_path', 'storage, public, extensions', true),
  set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true), set_config('request.jwt', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claims', $4, true),
  set_config('request.headers', $5, true), set_config('request.method', $6, true), set_config('request.path', $7, true)`;

/** Thrown inside a transaction to end it with a rollback and hand back what it computed (testPermission). */
class RolledBack<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs `work` in one transaction as `user`; commits unless `rollback` (storage-api's testPermission:
 * the statements run, the policies judge them, nothing stays).
 */
export async function inTransaction<T>(pool: pg.Pool, user: StorageUser, scope: RequestScope, work: (tx: StorageTx) => Promise<T>, rollback = false): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const tx: StorageTx = {
    query: (text, values) => client.query(text, values),
    become: async (next) => {
      await client.query(SCOPE_SQL, [next.role, next.jwt, next.owner ?? '', JSON.stringify(next.claims), JSON.stringify(scope.headers), scope.method, scope.path]);
    },
  };
  try {
    await client.query('begin');
  } catch (error) {
    // The connection failed before anything ran: it is not lent to the next request.
    client.release(error as Error);
    throw isDatabaseError(error) ? fromDatabaseError(error) : error;
  }
  try {
    await tx.become(user);
    const value = await work(tx);
    if (rollback) throw new RolledBack(value);
    await client.query('commit');
    return value;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    if (error instanceof RolledBack) return error.value as T;
    throw isDatabaseError(error) ? fromDatabaseError(error) : error;
  } finally {
    // A connection that cannot even roll back is destroyed rather than lent again.
    client.release(broken);
  }
}

/** storage-api's testPermission: whether `user` may do `work`, undone at once; throws the refusal. */
export function testPermission<T>(pool: pg.Pool, user: StorageUser, scope: RequestScope, work: (tx: StorageTx) => Promise<T>): Promise<T> {
  return inTransaction(pool, user, scope, work, true);
}
