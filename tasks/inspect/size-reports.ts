/** `inspect db` reports about space: index and table sizes, and estimated bloat. */
import { USER_SCHEMAS, type ReportDefinition } from './report-types.js';

const FROM_CLASS = 'FROM pg_class c LEFT JOIN pg_namespace n ON n.oid = c.relnamespace';

/** A per-relation size report over user tables (relkind `r`), largest first. */
function tableSize(name: string, columns: string[], sizeOf: string): ReportDefinition {
  return {
    name,
    columns,
    sql: `SELECT c.relname AS name, pg_size_pretty(${sizeOf}(c.oid)) AS size
${FROM_CLASS}
WHERE ${USER_SCHEMAS} AND c.relkind = 'r'
ORDER BY ${sizeOf}(c.oid) DESC`,
  };
}

export const sizeReports: ReportDefinition[] = [
  {
    name: 'total-index-size',
    columns: ['Size'],
    // relpages is what the statistics last saw, which is what the original sums.
    sql: `SELECT pg_size_pretty(coalesce(sum(c.relpages::bigint * 8192), 0)::bigint) AS size
${FROM_CLASS}
WHERE ${USER_SCHEMAS} AND c.relkind = 'i'`,
  },
  {
    name: 'index-sizes',
    columns: ['Name', 'size'],
    sql: `SELECT c.relname AS name, pg_size_pretty(sum(c.relpages::bigint * 8192)::bigint) AS size
${FROM_CLASS}
WHERE ${USER_SCHEMAS} AND c.relkind = 'i'
GROUP BY c.relname
ORDER BY sum(c.relpages) DESC`,
  },
  tableSize('table-sizes', ['Name', 'size'], 'pg_table_size'),
  tableSize('table-index-sizes', ['Table', 'Index size'], 'pg_indexes_size'),
  tableSize('total-table-sizes', ['Name', 'Size'], 'pg_total_relation_size'),
  {
    name: 'bloat',
    columns: ['Type', 'Schema name', 'Object name', 'Bloat', 'Waste'],
    // Estimates from pg_stats: expected pages (otta) against actual pages, with a 23-byte tuple
    // header and 4-byte alignment, as in the widely used pg-extras estimate the original ships.
    sql: `WITH constants AS (
  SELECT current_setting('block_size')::numeric AS bs, 23 AS hdr, 4 AS ma
), widths AS (
  SELECT s.schemaname, s.tablename, hdr, ma, bs,
    sum((1 - s.null_frac) * s.avg_width) AS datawidth,
    max(s.null_frac) AS maxfracsum,
    hdr + (SELECT 1 + count(*) / 8 FROM pg_stats s2
           WHERE s2.null_frac <> 0 AND s2.schemaname = s.schemaname AND s2.tablename = s.tablename) AS nullhdr
  FROM pg_stats s, constants
  GROUP BY 1, 2, 3, 4, 5
), bloat_info AS (
  SELECT ma, bs, schemaname, tablename,
    (datawidth + (hdr + ma - (CASE WHEN hdr % ma = 0 THEN ma ELSE hdr % ma END)))::numeric AS datahdr,
    (maxfracsum * (nullhdr + ma - (CASE WHEN nullhdr % ma = 0 THEN ma ELSE nullhdr % ma END))) AS nullhdr2
  FROM widths
), tables AS (
  SELECT b.*, cc.oid AS reloid, cc.relpages, cc.reltuples,
    ceil((cc.reltuples * ((datahdr + ma - (CASE WHEN datahdr % ma = 0 THEN ma ELSE datahdr % ma END)) + nullhdr2 + 4)) / (bs - 20::float)) AS otta
  FROM bloat_info b
  JOIN pg_class cc ON cc.relname = b.tablename
  JOIN pg_namespace nn ON cc.relnamespace = nn.oid AND nn.nspname = b.schemaname AND nn.nspname <> 'information_schema'
), indexes AS (
  SELECT t.schemaname, t.tablename, t.bs, coalesce(c2.relname, '?') AS iname, coalesce(c2.relpages, 0) AS ipages,
    coalesce(ceil((c2.reltuples * (t.datahdr - 12)) / (t.bs - 20::float)), 0) AS iotta
  FROM tables t
  JOIN pg_index i ON i.indrelid = t.reloid
  JOIN pg_class c2 ON c2.oid = i.indexrelid
), summary AS (
  SELECT 'table' AS type, schemaname, tablename AS object_name,
    round(CASE WHEN otta = 0 THEN 0.0 ELSE relpages / otta::numeric END, 1) AS bloat,
    CASE WHEN relpages < otta THEN 0 ELSE (bs * (relpages - otta)::bigint)::bigint END AS raw_waste
  FROM tables
  UNION
  SELECT 'index', schemaname, tablename || '::' || iname,
    round(CASE WHEN iotta = 0 OR ipages = 0 THEN 0.0 ELSE ipages / iotta::numeric END, 1),
    CASE WHEN ipages < iotta THEN 0 ELSE (bs * (ipages - iotta))::bigint END
  FROM indexes
)
SELECT type, schemaname, object_name, bloat, pg_size_pretty(raw_waste) AS waste
FROM summary
ORDER BY raw_waste DESC, bloat DESC`,
  },
];
