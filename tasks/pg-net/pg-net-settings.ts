/**
 * What the pg_net worker process and the code that starts it share, kept free of run-time imports
 * so that `stop` and `status` do not load pg to read it.
 */
import type { Client } from 'pg';

/** Words of our control file's comment that tell our pg_net from the platform's build. */
const NATIVE_PG_NET_MARK = 'native runtime implementation';

/** Whether the server `client` is connected to offers our pg_net (its control file's comment says so). */
export async function offersOurPgNet(client: Pick<Client, 'query'>): Promise<boolean> {
  const result = await client.query("select 1 from pg_available_extensions where name = 'pg_net' and comment like '%' || $1 || '%'", [NATIVE_PG_NET_MARK]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * The worker's exit code when the server it was launched beside offers no pg_net of ours: how the
 * command that launched it learns that (beside its ready word once it serves) without a session of
 * its own to ask the server.
 */
export const NO_PG_NET_EXIT_CODE = 3;

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
