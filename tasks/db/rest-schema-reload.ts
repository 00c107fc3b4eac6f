/**
 * Tells a listening PostgREST (our native REST service, or the rest container) to load its schema
 * cache again: `NOTIFY pgrst, 'reload schema'`, the notification PostgREST listens for. The
 * database sends it from its `pgrst_ddl_watch` event triggers on every DDL (the platform image's, and
 * the native bootstrap's copy in migrations/native-bootstrap/), but a native `db reset` makes a new
 * database from a template, where no DDL runs and the REST pool's sessions are gone: the commands
 * that change the schema (db reset, migration up, db push) send it themselves once they are done,
 * whatever happened (files applied before a failure stay applied). A failure to send is no failure
 * of the command.
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
