/**
 * The PostgreSQL 15 statistics and activity views `inspect db` reads, as a kysely database
 * interface, hand-declared like system-catalogs.ts (same conventions: int8 counters arrive as
 * strings, float8 timings as numbers, timestamps as Dates).
 */

type Oid = number;

export interface PgStatActivity {
  pid: number;
  datname: string | null;
  usename: string | null;
  application_name: string;
  state: string | null;
  query: string;
  query_start: Date | null;
  backend_start: Date | null;
}

export interface PgLocks {
  pid: number | null;
  relation: Oid | null;
  /** xid, as text. */
  transactionid: string | null;
  mode: string;
  granted: boolean;
}

export interface PgStatioUserIndexes {
  idx_blks_hit: string;
  idx_blks_read: string;
}

export interface PgStatioUserTables {
  heap_blks_hit: string | null;
  heap_blks_read: string | null;
}

export interface PgStatUserTables {
  relid: Oid;
  schemaname: string;
  relname: string;
  seq_scan: string | null;
  idx_scan: string | null;
  n_live_tup: string | null;
  n_dead_tup: string | null;
  last_vacuum: Date | null;
  last_autovacuum: Date | null;
}

export interface PgStatUserIndexes {
  relid: Oid;
  indexrelid: Oid;
  schemaname: string;
  relname: string;
  indexrelname: string;
  idx_scan: string | null;
}

export interface PgReplicationSlots {
  slot_name: string;
  active: boolean;
  active_pid: number | null;
  /** pg_lsn, as text. */
  restart_lsn: string | null;
}

export interface PgStatReplication {
  pid: number;
  state: string | null;
  /** inet, as text. */
  client_addr: string | null;
}

export interface PgStats {
  schemaname: string;
  tablename: string;
  null_frac: number;
  avg_width: number;
}

/** The pg_stat_statements extension's view; its schema is wherever the extension was created. */
export interface PgStatStatements {
  userid: Oid;
  query: string;
  calls: string;
  total_exec_time: number;
  blk_read_time: number;
  blk_write_time: number;
}

export interface StatisticsViews {
  'pg_catalog.pg_stat_activity': PgStatActivity;
  'pg_catalog.pg_locks': PgLocks;
  'pg_catalog.pg_statio_user_indexes': PgStatioUserIndexes;
  'pg_catalog.pg_statio_user_tables': PgStatioUserTables;
  'pg_catalog.pg_stat_user_tables': PgStatUserTables;
  'pg_catalog.pg_stat_user_indexes': PgStatUserIndexes;
  'pg_catalog.pg_replication_slots': PgReplicationSlots;
  'pg_catalog.pg_stat_replication': PgStatReplication;
  'pg_catalog.pg_stats': PgStats;
  /** Unqualified: queries pick its schema with withSchema(). */
  pg_stat_statements: PgStatStatements;
}
