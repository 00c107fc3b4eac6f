/**
 * `db reset` of the local database with its history recorded: each step in the journal, the
 * history reset once the database is recreated, and each migration as it commits, on whichever
 * runtime runs the stack. Used by the command and by the recovery that finishes an interrupted reset.
 */
import { migrationHistoryProjection } from '../../machines/journal/projections/migrations.projection.js';
import type { RecordedRun } from '../orchestration/recorded-run.js';
import type { ProjectConfig } from '../project/config.types.js';
import { listMigrations, type MigrationFile } from './migration-files.js';
import { nativeRuntime } from '../native/native-runtime.js';
import { appliedEvent, historyResetEvents } from './migration-events.js';
import type { Notice } from './migration-runner.js';
import { resetNativeDatabase } from './reset.js';
import { runningDbUrl } from './shadow-host.js';

/** The migrations stream of the local database. */
export const LOCAL_MIGRATIONS_STREAM = 'migrations:local';

/** Recreates, migrates and seeds the local database (up to `version`). */
export async function resetLocal(root: string, config: ProjectConfig, env: NodeJS.ProcessEnv, run: RecordedRun, options: { version?: string; notice?: Notice } = {}): Promise<{ applied: string[]; seeded: boolean }> {
  const known = migrationHistoryProjection(run.fold(), LOCAL_MIGRATIONS_STREAM).map((entry) => entry.version);
  const local = (await listMigrations(root)).migrations;
  const recorded = {
    ...options,
    step: run.step,
    onRecreated: () => run.record(historyResetEvents(LOCAL_MIGRATIONS_STREAM, known, local)),
    onApplied: (file: MigrationFile) => run.record([appliedEvent(LOCAL_MIGRATIONS_STREAM, file)]),
  };
  const native = await nativeRuntime.status(config.project_id, config, { env });
  if (native.state !== 'running') {
    // The docker runtime recreates its db container instead (loaded only then: it pulls in dockerode).
    const { dockerDbRunning, recreateDatabase } = await import('../docker/db-recreate.js');
    if (await dockerDbRunning(config, env)) return recreateDatabase(root, config, { ...recorded, upTo: options.version, env });
  }
  // The status read above says where the server answers: read again, it would probe it again.
  return resetNativeDatabase(root, config, runningDbUrl(native), env, recorded);
}
