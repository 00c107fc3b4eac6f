/** `inspect db` reports about live sessions and statements: locks, blocking, slow and frequent queries. */
import type { ReportDefinition } from './report-types.js';

/** The statement-statistics reports differ only in their filter and order. */
function statementReport(name: string, columns: string[], where: string, orderBy: string): ReportDefinition {
  return {
    name,
    columns,
    needsExtension: 'pg_stat_statements',
    queryColumns: [0],
    sql: `SELECT query,
  (interval '1 millisecond' * total_exec_time)::text AS total_exec_time,
  to_char((total_exec_time / nullif(sum(total_exec_time) OVER (), 0)) * 100, 'FM90D0') || '%' AS prop_exec_time,
  to_char(calls, 'FM999G999G999G990') AS ncalls,
  (interval '1 millisecond' * (blk_read_time + blk_write_time))::text AS sync_io_time
FROM @schema@.pg_stat_statements
${where}
ORDER BY ${orderBy} DESC
LIMIT 10`,
  };
}

const HOSTED_DB = /^(db\.)([a-z]{20})\.supabase\.(co|red)$/;

/** The total against the limit (the first row's), and a dashboard link for hosted projects. */
function roleConnectionsFooter(rows: unknown[][], target: { host: string }): string {
  const active = rows.reduce((sum, row) => sum + Number(row[1]), 0);
  const limit = rows.length > 0 ? Number(rows[0][2]) : 0;
  let text = `\nActive connections ${active}/${limit}\n\n`;
  const hosted = HOSTED_DB.exec(target.host);
  if (hosted) text += `Go to the dashboard for more here:\nhttps://app.supabase.com/project/${hosted[2]}/database/roles\n`;
  return text;
}

export const activityReports: ReportDefinition[] = [
  {
    name: 'locks',
    columns: ['pid', 'relname', 'transaction id', 'granted', 'query', 'age'],
    queryColumns: [4],
    sql: `SELECT a.pid, coalesce(c.relname, 'null') AS relname, coalesce(l.transactionid::text, 'null') AS transactionid,
  l.granted, a.query, age(now(), a.query_start)::text AS age
FROM pg_stat_activity a
JOIN pg_locks l ON l.pid = a.pid
LEFT JOIN pg_class c ON l.relation = c.oid
WHERE a.query <> '<insufficient privilege>' AND l.mode = 'ExclusiveLock'
ORDER BY a.query_start`,
  },
  {
    name: 'blocking',
    columns: ['blocked pid', 'blocking statement', 'blocking duration', 'blocking pid', 'blocked statement', 'blocked duration'],
    queryColumns: [1, 4],
    // A waiter and its holder meet on the transaction id lock the waiter has not been granted.
    sql: `SELECT bl.pid AS blocked_pid, ka.query AS blocking_statement, age(now(), ka.query_start)::text AS blocking_duration,
  kl.pid AS blocking_pid, a.query AS blocked_statement, age(now(), a.query_start)::text AS blocked_duration
FROM pg_locks bl
JOIN pg_stat_activity a ON bl.pid = a.pid
JOIN pg_locks kl ON bl.transactionid = kl.transactionid AND bl.pid <> kl.pid
JOIN pg_stat_activity ka ON kl.pid = ka.pid
WHERE NOT bl.granted`,
  },
  statementReport(
    'outliers',
    ['Query', 'Execution Time', 'Proportion of exec time', 'Number Calls', 'Sync IO time'],
    'WHERE userid = (SELECT usesysid FROM pg_user WHERE usename = current_user LIMIT 1)',
    'total_exec_time',
  ),
  statementReport('calls', ['Query', 'Total Execution Time', 'Proportion of total exec time', 'Number Calls', 'Sync IO time'], '', 'calls'),
  {
    name: 'long-running-queries',
    columns: ['pid', 'Duration', 'Query'],
    sql: `SELECT pid, (now() - query_start)::text AS duration, query
FROM pg_stat_activity
WHERE query <> '' AND state <> 'idle' AND now() - query_start > $1::interval
ORDER BY now() - query_start DESC`,
    params: (options) => [options.testOnlyLongRunningThreshold ?? '5 minutes'],
  },
  {
    name: 'role-connections',
    columns: ['Role Name', 'Active connction'],
    sql: `SELECT r.rolname,
  (SELECT count(*) FROM pg_stat_activity a WHERE a.usename = r.rolname) AS active_connections,
  CASE WHEN r.rolconnlimit = -1 THEN current_setting('max_connections')::int8 ELSE r.rolconnlimit END AS connection_limit
FROM pg_roles r
ORDER BY 2 DESC`,
    after: roleConnectionsFooter,
  },
];
