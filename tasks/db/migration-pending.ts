/**
 * Which local migrations a database still needs (the original's rules), shared by `migration up` and
 * `db push`: the remote versions are walked in order beside the local files.
 */
import type { MigrationFile } from './migration-files.js';
import { MIGRATIONS_DIR } from '../project/project-paths.js';
import { TaskError } from '../task-error.js';

export interface PendingPlan {
  /** Remote versions that have no local file. */
  missing: string[];
  /** Local files older than the newest remote version that the remote never applied. */
  outOfOrder: MigrationFile[];
  /** Local files after the newest remote version. */
  newer: MigrationFile[];
}

/** Numeric order of version strings of any length (a 14-digit timestamp or a plain number). */
export function compareVersions(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Lines up local files with the applied versions. */
export function planPending(local: MigrationFile[], remote: string[]): PendingPlan {
  const plan: PendingPlan = { missing: [], outOfOrder: [], newer: [] };
  const remoteSet = new Set(remote);
  const localSet = new Set(local.map((file) => file.version));
  plan.missing = remote.filter((version) => !localSet.has(version));
  const last = remote.at(-1);
  for (const file of local) {
    if (remoteSet.has(file.version)) continue;
    if (last !== undefined && compareVersions(file.version, last) < 0) plan.outOfOrder.push(file);
    else plan.newer.push(file);
  }
  return plan;
}

/** The files to apply, or the original's errors for remote-only versions and out-of-order files. */
export function pendingMigrations(local: MigrationFile[], remote: string[], includeAll: boolean): MigrationFile[] {
  const plan = planPending(local, remote);
  if (plan.missing.length > 0) {
    throw new TaskError(
      'Remote migration versions not found in supabase/migrations directory.',
      [
        '',
        'Make sure your local git repo is up-to-date. If the error persists, try repairing the migration history table:',
        ...plan.missing.map((version) => `supabase migration repair --status reverted ${version}`),
        '',
        'And update local migrations to match remote database:',
        'supabase db pull',
      ].join('\n'),
    );
  }
  if (plan.outOfOrder.length > 0 && !includeAll) {
    throw new TaskError(
      'Found local migration files to be inserted before the last migration on remote database.',
      ['Rerun the command with --include-all flag to apply these migrations:', ...plan.outOfOrder.map((file) => `${MIGRATIONS_DIR}/${file.file}`)].join('\n'),
    );
  }
  return [...(includeAll ? plan.outOfOrder : []), ...plan.newer];
}
