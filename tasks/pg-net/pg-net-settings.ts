/**
 * What the pg_net worker process and the code that starts it share, kept free of imports so that
 * `stop` and `status` do not load pg to read it.
 */

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
