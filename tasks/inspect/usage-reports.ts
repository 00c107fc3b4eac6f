/** `inspect db` reports about how tables and indexes are used, cached, vacuumed and replicated. */
import type { Expression, ExpressionBuilder, ExpressionWrapper } from 'kysely';
import type { PgClass } from '../db/catalog/system-catalogs.js';
import type { InspectDatabase, ReportQueryDefinition } from './report-types.js';

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

type UserTables = ExpressionBuilder<InspectDatabase, 'pg_catalog.pg_stat_user_tables'>;

/** An int8 counter (a string in results) used in arithmetic, where SQL treats it as the number it is. */
const counter = <DB, TB extends keyof DB>(value: ExpressionWrapper<DB, TB, string | null>) => value.$castTo<number>();

/** A byte count in GB: divided by 1024 three times, as the original computes it. */
function gigabytes<DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, bytes: Expression<number>) {
  // Parenthesised one step at a time: kysely writes nested operators without parentheses.
  return eb.parens(eb.parens(eb.parens(bytes, '/', 1024), '/', 1024), '/', 1024);
}

/** Tables never scanned through an index: `coalesce(idx_scan, 0) = 0`. */
const noIndexScans = (eb: UserTables) => eb(eb.fn.coalesce('idx_scan', eb.lit(0)), '=', 0);

/** A setting of a table's reloptions (`name=value`), else the server's, as numeric. */
function autovacuumSetting(eb: ExpressionBuilder<InspectDatabase & { c: PgClass }, 'c'>, name: string) {
  const own = eb.selectFrom(eb.fn<{ option_name: string; option_value: string }>('pg_options_to_table', ['c.reloptions']).as('o'))
    .select('o.option_value').where('o.option_name', '=', name);
  return eb.cast(eb.fn.coalesce(own, eb.fn<string>('current_setting', [eb.val(name)])), 'numeric');
}

export const usageReports: ReportQueryDefinition[] = [
  {
    name: 'cache-hit',
    query: (db) => db.selectFrom('pg_catalog.pg_statio_user_indexes')
      .select((eb) => [
        eb.val('index hit rate').as('name'),
        eb(eb.cast(eb.fn.sum('idx_blks_hit'), 'numeric'), '/',
          eb.fn('nullif', [eb.fn.sum(eb('idx_blks_hit', '+', eb.ref('idx_blks_read'))), eb.lit(0)])).as('ratio'),
      ])
      .unionAll(db.selectFrom('pg_catalog.pg_statio_user_tables').select((eb) => [
        eb.val('table hit rate').as('name'),
        eb(eb.cast(eb.fn.sum('heap_blks_hit'), 'numeric'), '/',
          eb.fn('nullif', [eb(eb.fn.sum('heap_blks_hit'), '+', eb.fn.sum('heap_blks_read')), eb.lit(0)])).as('ratio'),
      ])),
    format: sixDecimals,
    after: flagLowCacheHits,
  },
  {
    name: 'replication-slots',
    query: (db) => db.selectFrom([
      (eb) => eb.fn<{ redo_lsn: string }>('pg_control_checkpoint', []).as('c'),
      'pg_catalog.pg_replication_slots as s',
    ])
      .leftJoin('pg_catalog.pg_stat_replication as r', 'r.pid', 's.active_pid')
      .select((eb) => [
        's.slot_name', 's.active',
        eb.fn.coalesce('r.state', eb.val('N/A')).as('state'),
        eb.fn.coalesce(eb.cast('r.client_addr', 'text'), eb.val('N/A')).as('replication_client_address'),
        eb.fn('greatest', [eb.lit(0), eb.fn('round', [
          gigabytes(eb, eb.parens('c.redo_lsn', '-', eb.ref('s.restart_lsn')).$castTo<number>()),
          eb.lit(2),
        ])]).as('replication_lag_gb'),
      ]),
  },
  {
    name: 'index-usage',
    query: (db) => db.selectFrom('pg_catalog.pg_stat_user_tables')
      .select((eb) => [
        'relname',
        eb.case().when(noIndexScans(eb)).then(eb.val('Insufficient data'))
          .else(eb.cast(eb(eb.parens(counter(eb.ref('idx_scan')), '*', 100), '/', eb.parens(counter(eb.ref('seq_scan')), '+', counter(eb.ref('idx_scan')))), 'text'))
          .end().as('percent_of_times_index_used'),
        'n_live_tup as rows_in_table',
      ])
      .orderBy((eb) => eb.case().when(noIndexScans(eb)).then(eb.lit(1)).else(eb.lit(0)).end())
      .orderBy('n_live_tup', 'desc'),
  },
  {
    name: 'unused-indexes',
    // Unique indexes enforce constraints, so they are never "unused"; tables of five pages or
    // less are too small for an index to matter.
    query: (db) => db.selectFrom('pg_catalog.pg_stat_user_indexes as ui')
      .innerJoin('pg_catalog.pg_index as i', 'ui.indexrelid', 'i.indexrelid')
      .select((eb) => [
        eb(eb('ui.schemaname', '||', eb.val('.')), '||', eb.ref('ui.relname')).as('table'),
        'ui.indexrelname as index',
        eb.fn<string>('pg_size_pretty', [eb.fn('pg_relation_size', ['i.indexrelid'])]).as('index_size'),
        'ui.idx_scan as index_scans',
      ])
      .where((eb) => eb.and([
        eb.not('i.indisunique'),
        eb(counter(eb.ref('ui.idx_scan')), '<', 50),
        eb(eb.fn<number>('pg_relation_size', ['ui.relid']), '>', 5 * 8192),
      ]))
      .orderBy((eb) => eb(eb.fn('pg_relation_size', ['i.indexrelid']), '/', eb.fn('nullif', ['ui.idx_scan', eb.lit(0)])), (ob) => ob.desc().nullsFirst())
      .orderBy((eb) => eb.fn('pg_relation_size', ['i.indexrelid']), 'desc'),
  },
  {
    name: 'seq-scans',
    query: (db) => db.selectFrom('pg_catalog.pg_stat_user_tables').select(['relname as name', 'seq_scan as count']).orderBy('seq_scan', 'desc'),
  },
  {
    name: 'table-record-counts',
    query: (db) => db.selectFrom('pg_catalog.pg_stat_user_tables')
      .select(['relname as name', 'n_live_tup as estimated_count']).orderBy('n_live_tup', 'desc'),
  },
  {
    name: 'vacuum-stats',
    // A table's own reloptions win over the server settings when deciding whether autovacuum is due.
    query: (db) => db
      .with('settings', (qb) => qb.selectFrom('pg_catalog.pg_class as c').select((eb) => [
        'c.oid',
        autovacuumSetting(eb, 'autovacuum_vacuum_threshold').as('threshold'),
        autovacuumSetting(eb, 'autovacuum_vacuum_scale_factor').as('scale_factor'),
      ]))
      .selectFrom('pg_catalog.pg_stat_user_tables as s')
      .innerJoin('pg_catalog.pg_class as c', 'c.oid', 's.relid')
      .innerJoin('pg_catalog.pg_namespace as n', 'n.oid', 'c.relnamespace')
      .innerJoin('settings as v', 'v.oid', 'c.oid')
      .select((eb) => [
        'n.nspname as schema', 'c.relname as table',
        eb.fn.coalesce(eb.fn<string>('to_char', ['s.last_vacuum', eb.val('YYYY-MM-DD HH24:MI')]), eb.val('')).as('last_vacuum'),
        eb.fn.coalesce(eb.fn<string>('to_char', ['s.last_autovacuum', eb.val('YYYY-MM-DD HH24:MI')]), eb.val('')).as('last_autovacuum'),
        eb.case().when('c.reltuples', '=', eb.lit(-1)).then(eb.val('No stats'))
          .else(eb.fn<string>('trim', [eb.fn('to_char', ['c.reltuples', eb.val('9G999G999G999')])])).end().as('rowcount'),
        eb.fn<string>('trim', [eb.fn('to_char', ['s.n_dead_tup', eb.val('9G999G999G999')])]).as('dead_rowcount'),
        eb.case().when(eb(eb.parens('v.threshold', '+', eb.parens(eb.ref('v.scale_factor'), '*', eb.ref('c.reltuples'))), '<', eb.ref('s.n_dead_tup')))
          .then(eb.val('yes')).else(eb.val('no')).end().as('expect_autovacuum'),
      ])
      .orderBy('schema').orderBy('table'),
  },
];
