/**
 * A killed command's database session can outlive it: the server only notices the lost client
 * when it next talks to it, so a long statement keeps running, holding its locks, until it ends
 * and rolls back. A recovery ends such a session at once, knowing its pid from the journal.
 */
import type pg from 'pg';

/** Terminates the backend if it is still a session of this tool, and waits until it is gone. */
export async function endOrphanBackend(client: pg.Client, pid: number, timeoutMs = 5_000): Promise<void> {
  const ours = "SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND application_name = 'supabase_cli' AND pid <> pg_backend_pid()";
  if (!(await client.query(ours, [pid])).rowCount) return;
  await client.query('SELECT pg_terminate_backend($1)', [pid]);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (await client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
