/**
 * The 19 `inspect db` reports by command name, with the headers each prints, exactly as the
 * original prints them (typos included: `Active connction`, lower-case `size`). One list for both
 * readers: the registry names the columns in each report's help, and the runner prints them over
 * the query's values. Plain data, so the registry (loaded for --help) pulls in no query code.
 */
export const REPORT_COLUMNS = {
  'cache-hit': ['Name', 'Ratio'],
  'replication-slots': ['Name', 'Active', 'State', 'Replication Client Address', 'Replication Lag GB'],
  'index-usage': ['Table name', 'Percentage of times index used', 'Rows in table'],
  locks: ['pid', 'relname', 'transaction id', 'granted', 'query', 'age'],
  blocking: ['blocked pid', 'blocking statement', 'blocking duration', 'blocking pid', 'blocked statement', 'blocked duration'],
  outliers: ['Query', 'Execution Time', 'Proportion of exec time', 'Number Calls', 'Sync IO time'],
  calls: ['Query', 'Total Execution Time', 'Proportion of total exec time', 'Number Calls', 'Sync IO time'],
  'total-index-size': ['Size'],
  'index-sizes': ['Name', 'size'],
  'table-sizes': ['Name', 'size'],
  'table-index-sizes': ['Table', 'Index size'],
  'total-table-sizes': ['Name', 'Size'],
  'unused-indexes': ['Table', 'Index', 'Index Size', 'Index Scans'],
  'seq-scans': ['Name', 'Count'],
  'long-running-queries': ['pid', 'Duration', 'Query'],
  'table-record-counts': ['Name', 'Estimated count'],
  bloat: ['Type', 'Schema name', 'Object name', 'Bloat', 'Waste'],
  'vacuum-stats': ['Schema', 'Table', 'Last Vacuum', 'Last Auto Vacuum', 'Row count', 'Dead row count', 'Expect autovacuum?'],
  'role-connections': ['Role Name', 'Active connction'],
} as const satisfies Record<string, readonly string[]>;

/** The command name of a report under `inspect db`. */
export type ReportName = keyof typeof REPORT_COLUMNS;

/** A report's headers, as a fresh array its reader may keep. */
export function reportColumns(name: ReportName): string[] {
  return [...REPORT_COLUMNS[name]];
}
