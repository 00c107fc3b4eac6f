/**
 * `inspect db` and its 19 read-only reports. Each report runs one query against the chosen database
 * and prints a Markdown table; the target flags live on `inspect db` and reach every report.
 */
import { REPORT_COLUMNS, type ReportName } from '../../../tasks/inspect/report-columns.js';
import { DB_TARGET_GROUP, dbTargetFlags, outputFlag } from '../shared-flags.js';
import type { CommandSpec } from '../types.js';

const TAGS = ['inspect'];

/** One report: its command name, one-line summary and what it shows; its columns are the runner's. */
interface Report {
  name: ReportName;
  summary: string;
  description: string;
}

const reports: Report[] = [
  {
    name: 'cache-hit',
    summary: 'Show how often reads are served from the buffer cache',
    description:
      'Reports one hit ratio for indexes and one for tables. Ratios well below 0.99 usually mean the working ' +
      'set no longer fits in memory.',
  },
  {
    name: 'replication-slots',
    summary: 'Show replication slots, whether they are active and how far they lag',
    description: 'Lists every replication slot with its state, the connected client and the WAL it holds back, in GB.',
  },
  {
    name: 'index-usage',
    summary: 'Show how often each table is read through an index',
    description:
      'Gives, per table, the share of scans that used an index next to its row count. Large tables with a low ' +
      'share are candidates for a new index; tables with no index scans say `Insufficient data`.',
  },
  {
    name: 'locks',
    summary: 'Show queries holding exclusive locks',
    description: 'Lists the sessions that hold an exclusive lock, with the relation, the query and how long it has run.',
  },
  {
    name: 'blocking',
    summary: 'Show queries waiting on a lock and the queries blocking them',
    description: 'Pairs each statement stuck waiting for a lock with the statement that holds it, with how long each has run.',
  },
  {
    name: 'outliers',
    summary: 'Show the statements that took the most total execution time',
    description:
      'Reads pg_stat_statements and lists the ten statements of the connecting role with the highest total ' +
      'run time, their share of all run time and their I/O wait.',
  },
  {
    name: 'calls',
    summary: 'Show the statements that ran most often',
    description: 'Reads pg_stat_statements and lists the ten most frequently called statements across all roles.',
  },
  {
    name: 'total-index-size',
    summary: 'Show the combined size of all indexes',
    description: 'Adds up the on-disk size of every index outside the system schemas.',
  },
  {
    name: 'index-sizes',
    summary: 'Show the size of each index',
    description: 'Lists every index outside the system schemas, largest first.',
  },
  {
    name: 'table-sizes',
    summary: 'Show the size of each table, without its indexes',
    description: 'Lists every table outside the system schemas by its own on-disk size, largest first.',
  },
  {
    name: 'table-index-sizes',
    summary: 'Show how much space each table\'s indexes take',
    description: 'Lists, per table, the total size of the indexes defined on it, largest first.',
  },
  {
    name: 'total-table-sizes',
    summary: 'Show each table\'s full size, indexes and TOAST included',
    description: 'Lists every table with everything stored for it on disk counted in, largest first.',
  },
  {
    name: 'unused-indexes',
    summary: 'Show indexes that are rarely used',
    description:
      'Lists non-unique indexes scanned fewer than 50 times on tables bigger than five pages. They cost writes ' +
      'and space, so they are worth reviewing for removal.',
  },
  {
    name: 'seq-scans',
    summary: 'Show how many sequential scans each table has had',
    description: 'Counts full-table scans per table; a high count on a large table often points to a missing index.',
  },
  {
    name: 'long-running-queries',
    summary: 'Show queries that have run for more than five minutes',
    description: 'Lists active, non-idle queries older than five minutes, longest first, with their process id.',
  },
  {
    name: 'table-record-counts',
    summary: 'Show the estimated number of rows in each table',
    description: 'Uses the statistics collector\'s live-row estimate, so it is fast but approximate.',
  },
  {
    name: 'bloat',
    summary: 'Estimate wasted space in tables and indexes',
    description:
      'Estimates, from planner statistics, how much of each table and index is dead space. A high bloat ' +
      'ratio suggests a VACUUM (or a rebuild for indexes) would pay off.',
  },
  {
    name: 'vacuum-stats',
    summary: 'Show vacuum history and whether autovacuum is due for each table',
    description:
      'Shows when each table was last vacuumed manually and automatically, its live and dead row counts, and ' +
      'whether the dead rows exceed the autovacuum threshold (per-table settings included).',
  },
  {
    name: 'role-connections',
    summary: 'Show active connections per role',
    description:
      'Counts the open connections of each role and prints the total against the connection limit, to spot ' +
      'which client is exhausting the pool.',
  },
];

function reportCommand(report: Report): CommandSpec {
  return {
    path: `inspect db ${report.name}`,
    group: 'local-dev',
    summary: report.summary,
    description: `${report.description} Columns: ${REPORT_COLUMNS[report.name].join(', ')}.`,
    examples: [
      { id: 'linked', name: 'Run the report on the linked project', code: `supabase inspect db ${report.name}` },
      { id: 'local', name: 'Run the report on the local database', code: `supabase inspect db ${report.name} --local` },
    ],
    tags: TAGS,
    load: () => import('../../commands/inspect-db.command.js'),
  };
}

export const inspectCommands: CommandSpec[] = [
  {
    path: 'inspect',
    group: 'local-dev',
    summary: 'Look into a database\'s health and performance',
    description: 'Groups diagnostic reports. Today the only kind is `inspect db`, which queries Postgres statistics.',
    runnable: false,
    tags: TAGS,
  },
  {
    path: 'inspect db',
    group: 'local-dev',
    summary: 'Run diagnostic queries against a Postgres database',
    description:
      'Each subcommand runs one read-only query over the Postgres statistics views and prints the result as a ' +
      'Markdown table. Reports target the linked project unless --local or --db-url is given.',
    runnable: false,
    flags: [
      ...dbTargetFlags({ defaultTarget: 'linked', purpose: 'inspect', persistent: true }),
      // Beyond the original: machine-readable reports for scripts.
      { ...outputFlag(['pretty', 'json'], 'pretty', { persistent: true }), ours: true },
    ],
    exclusive: [DB_TARGET_GROUP],
    tags: TAGS,
  },
  ...reports.map(reportCommand),
];
