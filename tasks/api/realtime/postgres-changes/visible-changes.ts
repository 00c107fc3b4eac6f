/**
 * Who may see a batch of streamed changes: realtime.apply_rls on each wal2json record, in one
 * query per batch, as realtime.list_changes runs it on what it reads from the slot. The slot
 * streams every table's changes, so the query keeps what list_changes asks wal2json for (the
 * publication's tables, except names with a space, and the actions it publishes), judged when
 * the batch is read, as list_changes judges it when it reads. Rows come back in the changes'
 * order, and apply_rls's rows (one per subscriber role) in its own.
 */
import type pg from 'pg';
import type { WalRow } from './change-record.js';

const BATCH_SQL = `
with changes as materialized (
  select c.ord, c.data::jsonb as wal
  from unnest($2::text[]) with ordinality c(data, ord)
  where exists (
    select 1 from pg_catalog.pg_publication pp
    join pg_catalog.pg_publication_tables ppt on ppt.pubname = pp.pubname
    where pp.pubname = $1
      and ppt.schemaname = c.data::jsonb ->> 'schema' and ppt.tablename = c.data::jsonb ->> 'table'
      and ppt.tablename not like '% %'
      and case c.data::jsonb ->> 'action' when 'I' then pp.pubinsert when 'U' then pp.pubupdate when 'D' then pp.pubdelete else false end
  )
)
select changes.ord::int as ord, r.wal, r.is_rls_enabled, r.subscription_ids, r.errors
from changes, realtime.apply_rls(changes.wal, $3) with ordinality r(wal, is_rls_enabled, subscription_ids, errors, n)
where r.subscription_ids[1] is not null
order by changes.ord, r.n`;

/** A row of list_changes, with the 1-based position in the batch of the change it is about. */
export type VisibleRow = WalRow & { ord: number };

/** The rows list_changes would answer for `changes` (wal2json format 2 texts, in WAL order). */
export async function visibleChanges(client: pg.Client, publication: string, changes: readonly string[], maxRecordBytes: number): Promise<VisibleRow[]> {
  return (await client.query<VisibleRow>(BATCH_SQL, [publication, changes, maxRecordBytes])).rows;
}
