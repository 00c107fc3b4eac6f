/**
 * A row of realtime.list_changes turned into the `data` of a postgres_changes push, as realtime
 * v2.25.50's ReplicationPoller and its NewRecord/UpdatedRecord/DeletedRecord write it: the members
 * in the order Jason writes a struct (alphabetical), `record` for INSERT and UPDATE, `old_record`
 * for UPDATE and DELETE, and `errors` null when apply_rls found none. realtime-js turns it into
 * `{schema, table, commit_timestamp, eventType, new, old, errors}`.
 */

/** One row of realtime.list_changes. */
export interface WalRow {
  wal: Record<string, unknown> | null;
  is_rls_enabled: boolean;
  subscription_ids: string[] | null;
  errors: string[] | null;
}

/** The push's data, or undefined for a row realtime drops (apply_rls's error rows have no wal). */
export function changeRecord(row: WalRow): Record<string, unknown> | undefined {
  const wal = row.wal;
  if (!wal || typeof wal.type !== 'string' || !['INSERT', 'UPDATE', 'DELETE'].includes(wal.type)) return undefined;
  const record: Record<string, unknown> = {
    columns: wal.columns ?? [],
    commit_timestamp: wal.commit_timestamp ?? null,
    errors: row.errors && row.errors.length > 0 ? row.errors : null,
  };
  if (wal.type !== 'INSERT') record.old_record = wal.old_record ?? {};
  if (wal.type !== 'DELETE') record.record = wal.record ?? {};
  record.schema = wal.schema;
  record.table = wal.table;
  record.type = wal.type;
  return record;
}
