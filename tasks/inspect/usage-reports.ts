/** `inspect db` reports about how tables and indexes are used, cached, vacuumed and replicated. */
import type { ReportDefinition } from './report-types.js';

/** The cache ratio prints with six decimals, as the original's `%f` does. */
const sixDecimals = (value: unknown, column: number): string =>
  column === 1 ? (value === null ? 'null' : Number(value).toFixed(6)) : String(value);

/** Hit ratios under 99% usually mean the working set no longer fits in shared_buffers. */
const GOOD_HIT_RATIO = 0.99;

/** A warning line per ratio under 99%; nothing when all are healthy or there were no reads. */
function flagLowCacheHits(rows: unknown[][]): string | undefined {
  const low = rows.filter((row) => row[1] !== null && Number(row[1]) < GOOD_HIT_RATIO);
  if (low.length === 0) return undefined;
  return low
    .map((row) => `\nWarning: ${String(row[0])} is ${(Number(row[1]) * 100).toFixed(2)}%, below 99%: the working set may not fit in memory (consider more RAM or a larger shared_buffers).\n`)
    .join('');
}

export const usageReports: ReportDefinition[] = [
  {
    name: 'cache-hit',
    columns: ['Name', 'Ratio'],
    sql: `SELECT 'index hit rate' AS name,
  sum(idx_blks_hit)::numeric / nullif(sum(idx_blks_hit + idx_blks_read), 0) AS ratio
FROM pg_statio_user_indexes
UNION ALL
SELECT 'table hit rate',
  sum(heap_blks_hit)::numeric / nullif(sum(heap_blks_hit) + sum(heap_blks_read), 0)
FROM pg_statio_user_tables`,
    format: sixDecimals,
    after: flagLowCacheHits,
  },
  {
    name: 'replication-slots',
    columns: ['Name', 'Active', 'State', 'Replication Client Address', 'Replication Lag GB'],
    sql: `SELECT s.slot_name, s.active, coalesce(r.state, 'N/A') AS state,
  coalesce(r.client_addr::text, 'N/A') AS replication_client_address,
  greatest(0, round((c.redo_lsn - s.restart_lsn) / 1024 / 1024 / 1024, 2)) AS replication_lag_gb
FROM pg_control_checkpoint() c, pg_replication_slots s
LEFT JOIN pg_stat_replication r ON r.pid = s.active_pid`,
  },
  {
    name: 'index-usage',
    columns: ['Table name', 'Percentage of times index used', 'Rows in table'],
    sql: `SELECT relname,
  CASE WHEN coalesce(idx_scan, 0) = 0 THEN 'Insufficient data'
       ELSE (100 * idx_scan / (seq_scan + idx_scan))::text END AS percent_of_times_index_used,
  n_live_tup AS rows_in_table
FROM pg_stat_user_tables
ORDER BY CASE WHEN coalesce(idx_scan, 0) = 0 THEN 1 ELSE 0 END, n_live_tup DESC`,
  },
  {
    name: 'unused-indexes',
    columns: ['Table', 'Index', 'Index Size', 'Index Scans'],
    // Unique indexes enforce constraints, so they are never "unused"; tables of five pages or
    // less are too small for an index to matter.
    sql: `SELECT ui.schemaname || '.' || ui.relname AS table, ui.indexrelname AS index,
  pg_size_pretty(pg_relation_size(i.indexrelid)) AS index_size, ui.idx_scan AS index_scans
FROM pg_stat_user_indexes ui
JOIN pg_index i ON ui.indexrelid = i.indexrelid
WHERE NOT i.indisunique AND ui.idx_scan < 50 AND pg_relation_size(ui.relid) > 5 * 8192
ORDER BY pg_relation_size(i.indexrelid) / nullif(ui.idx_scan, 0) DESC NULLS FIRST,
  pg_relation_size(i.indexrelid) DESC`,
  },
  {
    name: 'seq-scans',
    columns: ['Name', 'Count'],
    sql: 'SELECT relname AS name, seq_scan AS count FROM pg_stat_user_tables ORDER BY seq_scan DESC',
  },
  {
    name: 'table-record-counts',
    columns: ['Name', 'Estimated count'],
    sql: 'SELECT relname AS name, n_live_tup AS estimated_count FROM pg_stat_user_tables ORDER BY n_live_tup DESC',
  },
  {
    name: 'vacuum-stats',
    columns: ['Schema', 'Table', 'Last Vacuum', 'Last Auto Vacuum', 'Row count', 'Dead row count', 'Expect autovacuum?'],
    // A table's own reloptions win over the server settings when deciding whether autovacuum is due.
    sql: `WITH settings AS (
  SELECT c.oid,
    coalesce((SELECT split_part(o, '=', 2) FROM unnest(c.reloptions) o WHERE o LIKE 'autovacuum_vacuum_threshold=%'),
             current_setting('autovacuum_vacuum_threshold'))::numeric AS threshold,
    coalesce((SELECT split_part(o, '=', 2) FROM unnest(c.reloptions) o WHERE o LIKE 'autovacuum_vacuum_scale_factor=%'),
             current_setting('autovacuum_vacuum_scale_factor'))::numeric AS scale_factor
  FROM pg_class c
)
SELECT n.nspname AS schema, c.relname AS table,
  coalesce(to_char(s.last_vacuum, 'YYYY-MM-DD HH24:MI'), '') AS last_vacuum,
  coalesce(to_char(s.last_autovacuum, 'YYYY-MM-DD HH24:MI'), '') AS last_autovacuum,
  CASE WHEN c.reltuples = -1 THEN 'No stats' ELSE trim(to_char(c.reltuples, '9G999G999G999')) END AS rowcount,
  trim(to_char(s.n_dead_tup, '9G999G999G999')) AS dead_rowcount,
  CASE WHEN v.threshold + v.scale_factor * c.reltuples < s.n_dead_tup THEN 'yes' ELSE 'no' END AS expect_autovacuum
FROM pg_stat_user_tables s
JOIN pg_class c ON c.oid = s.relid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN settings v ON v.oid = c.oid
ORDER BY 1, 2`,
  },
];
