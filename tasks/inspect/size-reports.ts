/** `inspect db` reports about space: index and table sizes, and estimated bloat. */
import type { Kysely } from 'kysely';
import { bloatQuery } from './bloat-query.js';
import type { ReportName } from './report-columns.js';
import { SYSTEM_SCHEMAS, TOAST_SCHEMAS, type InspectDatabase, type ReportQueryDefinition } from './report-types.js';

/** pg_class joined to its schema, without the system schemas (as the original), kinds `relkinds`. */
function userRelations(db: Kysely<InspectDatabase>, relkind: 'r' | 'i') {
  return db.selectFrom('pg_catalog.pg_class as c')
    .leftJoin('pg_catalog.pg_namespace as n', 'n.oid', 'c.relnamespace')
    .where((eb) => eb.and([
      eb('n.nspname', 'not in', SYSTEM_SCHEMAS),
      eb('n.nspname', '!~', TOAST_SCHEMAS),
      eb('c.relkind', '=', relkind),
    ]));
}

/** A per-relation size report over user tables (relkind `r`), largest first. */
function tableSize(name: ReportName, sizeOf: 'pg_table_size' | 'pg_indexes_size' | 'pg_total_relation_size'): ReportQueryDefinition {
  return {
    name,
    query: (db) => userRelations(db, 'r')
      .select((eb) => ['c.relname as name', eb.fn<string>('pg_size_pretty', [eb.fn(sizeOf, ['c.oid'])]).as('size')])
      .orderBy((eb) => eb.fn(sizeOf, ['c.oid']), 'desc'),
  };
}

export const sizeReports: ReportQueryDefinition[] = [
  {
    name: 'total-index-size',
    // Bytes from the page counts the statistics last saw, which is what the original sums.
    query: (db) => userRelations(db, 'i')
      .select((eb) => eb.fn<string>('pg_size_pretty', [
        eb.cast(eb.fn.coalesce(eb.fn.sum(eb(eb.cast('c.relpages', 'int8'), '*', eb.lit(8192))), eb.lit(0)), 'int8'),
      ]).as('size')),
  },
  {
    name: 'index-sizes',
    query: (db) => userRelations(db, 'i')
      .select((eb) => ['c.relname as name', eb.fn<string>('pg_size_pretty', [
        eb.cast(eb.fn.sum(eb(eb.cast('c.relpages', 'int8'), '*', eb.lit(8192))), 'int8'),
      ]).as('size')])
      .groupBy('c.relname')
      .orderBy((eb) => eb.fn.sum('c.relpages'), 'desc'),
  },
  tableSize('table-sizes', 'pg_table_size'),
  tableSize('table-index-sizes', 'pg_indexes_size'),
  tableSize('total-table-sizes', 'pg_total_relation_size'),
  {
    name: 'bloat',
    query: bloatQuery,
  },
];
