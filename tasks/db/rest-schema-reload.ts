/**
 * Tells a listening PostgREST (our native REST service, or the rest container) to load its schema
 * cache again: `NOTIFY pgrst, 'reload schema'`, the notification PostgREST listens for. The
 * original's database sends it from its `pgrst_ddl_watch` event triggers on every DDL; the native
 * bootstrap has no such triggers, so the commands that change the schema (db reset, migration up,
 * db push) send it themselves once they are done, whatever happened: files applied before a failure
 * stay applied. A failure to send is no failure of the command.
 */
import type pg from 'pg';

/** Sends the reload notification on `client`; errors are ignored (a broken connection says so elsewhere). */
export async function notifyRestSchemaReload(client: pg.Client): Promise<void> {
  try {
    await client.query("NOTIFY pgrst, 'reload schema'");
  } catch {
    // The command's own error, if any, is the one to report.
  }
}
