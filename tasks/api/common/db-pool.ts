/**
 * The REST service's connections: a small pg pool logged in as `authenticator` (PostgREST's role,
 * which may only switch to anon, authenticated and service_role), on the project's database at
 * 127.0.0.1. Small on purpose: each connection is a server process, and the whole native stack
 * keeps under 200 MiB; a burst waits for a free connection instead (PostgREST's
 * db-pool-acquisition-timeout, 10 s, then its 504).
 */
import type pg from 'pg';
import pgDriver from '../../db/pg-driver.js';
import type { ApiSettings } from '../gateway/api-service.js';

/** What PostgREST 12.0.1 names its sessions (fallback_application_name), so pg_stat_activity tells them apart. */
export const REST_APPLICATION_NAME = 'PostgREST 12.0.1';

/** Connections at most: enough for loopback latency to keep a core busy, few enough for the memory budget. */
const POOL_SIZE = 4;
/** PostgREST's db-pool-acquisition-timeout default. */
const ACQUISITION_TIMEOUT_MS = 10_000;
/** PostgREST's db-pool-max-idletime default: an idle connection is closed after it. */
const IDLE_MS = 30_000;

/** Opens no connection yet: the first request (or the schema cache load) does. */
export function createRestPool(settings: Pick<ApiSettings, 'dbPort' | 'dbPassword'>, applicationName = REST_APPLICATION_NAME): pg.Pool {
  const pool = new pgDriver.Pool({
    host: '127.0.0.1',
    port: settings.dbPort,
    user: 'authenticator',
    password: settings.dbPassword,
    database: 'postgres',
    application_name: applicationName,
    max: POOL_SIZE,
    connectionTimeoutMillis: ACQUISITION_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_MS,
  });
  // An idle connection the server ends (a restart, pg_terminate_backend) is dropped from the pool;
  // without a listener pg would throw it on the process.
  pool.on('error', () => undefined);
  return pool;
}
