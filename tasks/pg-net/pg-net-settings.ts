/**
 * What the pg_net worker process and the code that starts it share, kept free of imports so that
 * `stop` and `status` do not load pg to read it.
 */

/** Words of our control file's comment that tell our pg_net from the platform's build. */
export const NATIVE_PG_NET_MARK = 'native runtime implementation';

/** One row when the server offers our pg_net (parameter: NATIVE_PG_NET_MARK as a LIKE pattern). */
export const OFFERS_OUR_PG_NET = "select 1 from pg_available_extensions where name = 'pg_net' and comment like '%' || $1 || '%'";

/** What the worker's sessions call themselves; net.check_worker_is_up() looks for it. */
export const WORKER_APPLICATION_NAME = 'pg_net worker';

/** Where the worker finds its server (the password comes from PGPASSWORD, never the command line). */
export interface WorkerSettings {
  port: number;
  host: string;
  user: string;
  /** PGDATA, whose postmaster.pid tells whether the server is still the one we serve. */
  dataDir: string;
  postmasterPid: number;
  scanIntervalMs?: number;
}
