/**
 * The stack's one wal2json slot, as realtime v2.25.50 names it. It is persistent (see
 * change-stream.ts), so the service drops it itself: at stop, when its stream is gone with nobody
 * subscribed, and at start when a killed gateway left one (no session of the new process streams
 * it yet). A slot is dropped only once no walsender holds it; the walsender of a session just
 * ended exits a moment after its client, hence the short wait.
 */
import type pg from 'pg';

export const SLOT_NAME = 'supabase_realtime_replication_slot';

/** Drops the slot once no session streams it (the walsender exits a moment after its client). */
export async function dropSlot(client: pg.Client | pg.Pool): Promise<void> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const left = await client.query(
      `select case when active_pid is null then (select true from pg_catalog.pg_drop_replication_slot(slot_name)) else false end as dropped
       from pg_catalog.pg_replication_slots where slot_name = $1`,
      [SLOT_NAME],
    );
    if (left.rows.length === 0 || left.rows[0].dropped) return;
    if (Date.now() > deadline) throw new Error(`${SLOT_NAME} is still in use`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
