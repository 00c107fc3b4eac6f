/** `inspect db` reports about live sessions and statements: locks, blocking, slow and frequent queries. */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from '../db/kysely.js';
import type { ReportName } from './report-columns.js';
import type { InspectDatabase, ReportContext, ReportQueryDefinition } from './report-types.js';

type Statements = ExpressionBuilder<InspectDatabase, 'pg_stat_statements'>;

/** A duration in milliseconds as PostgreSQL prints an interval (`00:00:01.234568`). */
function milliseconds(eb: Statements, value: Expression<number>) {
  // Raw SQL: kysely's cast types have no `interval`, and the product must be an interval to print as one.
  const oneMillisecond = sql<number>`interval '1 millisecond'`;
  return eb.cast(eb.parens(oneMillisecond, '*', value), 'text');
}

/** The statement-statistics reports differ only in their filter and order. */
function statementReport(
  name: ReportName,
  filter: ((eb: Statements) => Expression<SqlBool>) | undefined,
  orderBy: 'total_exec_time' | 'calls',
): ReportQueryDefinition {
  return {
    name,
    needsExtension: 'pg_stat_statements',
    queryColumns: [0],
    query: (db: Kysely<InspectDatabase>, context: ReportContext) => db.withSchema(context.extensionSchema ?? 'extensions')
      .selectFrom('pg_stat_statements')
      .select((eb) => [
        'query',
        milliseconds(eb, eb.ref('total_exec_time')).as('total_exec_time'),
        eb(eb.fn<string>('to_char', [
          // In parentheses: kysely writes nested operators without them.
          eb.parens(eb.parens(eb.ref('total_exec_time'), '/', eb.fn<number>('nullif', [eb.fn.sum<number>('total_exec_time').over(), eb.lit(0)])), '*', eb.lit(100)),
          eb.val('FM90D0'),
        ]), '||', eb.val('%')).as('prop_exec_time'),
        eb.fn<string>('to_char', ['calls', eb.val('FM999G999G999G990')]).as('ncalls'),
        milliseconds(eb, eb.parens('blk_read_time', '+', eb.ref('blk_write_time'))).as('sync_io_time'),
      ])
      .$call((qb) => (filter ? qb.where(filter) : qb))
      .orderBy(orderBy, 'desc')
      .limit(10),
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

export const activityReports: ReportQueryDefinition[] = [
  {
    name: 'locks',
    queryColumns: [4],
    query: (db) => db.selectFrom('pg_catalog.pg_stat_activity as a')
      .innerJoin('pg_catalog.pg_locks as l', 'l.pid', 'a.pid')
      .leftJoin('pg_catalog.pg_class as c', 'l.relation', 'c.oid')
      .select((eb) => [
        'a.pid',
        eb.fn.coalesce('c.relname', eb.val('null')).as('relname'),
        eb.fn.coalesce(eb.cast('l.transactionid', 'text'), eb.val('null')).as('transactionid'),
        'l.granted', 'a.query',
        eb.cast(eb.fn('age', [eb.fn('now'), 'a.query_start']), 'text').as('age'),
      ])
      .where('a.query', '<>', '<insufficient privilege>')
      .where('l.mode', '=', 'ExclusiveLock')
      .orderBy('a.query_start'),
  },
  {
    name: 'blocking',
    queryColumns: [1, 4],
    // A waiter and its holder meet on the transaction id lock the waiter has not been granted.
    query: (db) => db.selectFrom('pg_catalog.pg_locks as bl')
      .innerJoin('pg_catalog.pg_stat_activity as a', 'bl.pid', 'a.pid')
      .innerJoin('pg_catalog.pg_locks as kl', (join) => join.onRef('bl.transactionid', '=', 'kl.transactionid').onRef('bl.pid', '<>', 'kl.pid'))
      .innerJoin('pg_catalog.pg_stat_activity as ka', 'kl.pid', 'ka.pid')
      .select((eb) => [
        'bl.pid as blocked_pid', 'ka.query as blocking_statement',
        eb.cast(eb.fn('age', [eb.fn('now'), 'ka.query_start']), 'text').as('blocking_duration'),
        'kl.pid as blocking_pid', 'a.query as blocked_statement',
        eb.cast(eb.fn('age', [eb.fn('now'), 'a.query_start']), 'text').as('blocked_duration'),
      ])
      .where('bl.granted', '=', false),
  },
  statementReport(
    'outliers',
    (eb) => eb('userid', '=', eb.selectFrom('pg_catalog.pg_user').select('usesysid')
      // Raw SQL: current_user is a keyword, called without parentheses, which eb.fn cannot write.
      .where('usename', '=', sql<string>`current_user`).limit(1)),
    'total_exec_time',
  ),
  statementReport('calls', undefined, 'calls'),
  {
    name: 'long-running-queries',
    query: (db, { options }) => db.selectFrom('pg_catalog.pg_stat_activity')
      .select((eb) => ['pid', eb.cast(eb(eb.fn('now'), '-', eb.ref('query_start')), 'text').as('duration'), 'query'])
      .where((eb) => eb.and([
        eb('query', '<>', ''),
        eb('state', '<>', 'idle'),
        // The threshold's type comes from the comparison: a timestamp difference is an interval.
        eb(eb(eb.fn('now'), '-', eb.ref('query_start')), '>', eb.val(options.testOnlyLongRunningThreshold ?? '5 minutes')),
      ]))
      .orderBy((eb) => eb(eb.fn('now'), '-', eb.ref('query_start')), 'desc'),
  },
  {
    name: 'role-connections',
    query: (db) => db.selectFrom('pg_catalog.pg_roles as r')
      .select((eb) => [
        'r.rolname',
        eb.selectFrom('pg_catalog.pg_stat_activity as a').select((sub) => sub.fn.countAll().as('n'))
          .whereRef('a.usename', '=', 'r.rolname').as('active_connections'),
        eb.case().when('r.rolconnlimit', '=', eb.lit(-1))
          .then(eb.cast(eb.fn<string>('current_setting', [eb.val('max_connections')]), 'int8'))
          .else(eb.ref('r.rolconnlimit')).end().as('connection_limit'),
      ])
      .orderBy('active_connections', 'desc'),
    after: roleConnectionsFooter,
  },
];
