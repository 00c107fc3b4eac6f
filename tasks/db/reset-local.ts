/**
 * `db reset` of the local database with its history recorded: each step in the journal, the
 * history reset once the database is recreated, and each migration as it commits. Used by the
 * command and by the recovery that finishes an interrupted reset.
 */
import { migrationHistoryProjection } from '../../machines/journal/projections/migrations.projection.js';
import type { RecordedRun } from '../orchestration/recorded-run.js';
import type { ProjectConfig } from '../project/config.types.js';
import { listMigrations } from './migration-files.js';
import { appliedEvent, historyResetEvents } from './migration-events.js';
import type { Notice } from './migration-runner.js';
import { resetNativeDatabase } from './reset.js';
import { shadowHostUrl } from './shadow-host.js';

/** The migrations stream of the local database. */
export const LOCAL_MIGRATIONS_STREAM = 'migrations:local';

/** Recreates, migrates and seeds the local database (up to `version`). */
export async function resetLocal(root: string, config: ProjectConfig, env: NodeJS.ProcessEnv, run: RecordedRun, options: { version?: string; notice?: Notice } = {}): Promise<{ applied: string[]; seeded: boolean }> {
  const url = await shadowHostUrl(config, env);
  const known = migrationHistoryProjection(run.fold(), LOCAL_MIGRATIONS_STREAM).map((entry) => entry.version);
  const local = (await listMigrations(root)).migrations;
  return resetNativeDatabase(root, config, url, env, {
    ...options,
    step: run.step,
    onRecreated: () => run.record(historyResetEvents(LOCAL_MIGRATIONS_STREAM, known, local)),
    onApplied: (file) => run.record([appliedEvent(LOCAL_MIGRATIONS_STREAM, file)]),
  });
}
