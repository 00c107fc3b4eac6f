/**
 * Server options that depend on what is installed: pg_cron, when Debian's postgresql-15-cron is,
 * is preloaded and pointed at the `postgres` database as on the platform, so `create extension
 * pg_cron` and `cron.schedule` work. Given on the command line at each start rather than written
 * into postgresql.conf, so installing or removing the package takes effect at the next start,
 * and an embedded server never loads a module built for another PostgreSQL build.
 */
import path from 'node:path';
import type { PgBinaries } from './pg-binaries.js';
import { exists } from '../fs-exists.js';

/** The libraries every native cluster preloads (written into postgresql.conf by CLUSTER_SETTINGS). */
export const ALWAYS_PRELOADED = ['pg_stat_statements'];

/** `-c name=value` arguments for the server of `bins`. */
export async function preloadOptions(bins: PgBinaries): Promise<string[]> {
  const libraries = [...ALWAYS_PRELOADED];
  const settings: string[] = [];
  // Only the system's binaries: Debian builds the package for them, not for the embedded ones.
  if (bins.source === 'system' && bins.pkglibDir && (await exists(path.join(bins.pkglibDir, 'pg_cron.so')))) {
    libraries.push('pg_cron');
    settings.push('cron.database_name=postgres');
  }
  if (libraries.length === ALWAYS_PRELOADED.length) return [];
  return ['-c', `shared_preload_libraries=${libraries.join(',')}`, ...settings.flatMap((setting) => ['-c', setting])];
}
