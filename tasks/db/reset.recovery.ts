/**
 * Finishing an interrupted `db reset`. Locally the reset is simply run again from the start (drop
 * and recreate are idempotent, and the dead command's sessions, on any database, are ended and
 * waited out before either: orphan-backend.ts; on the docker runtime the db container and its
 * volume are recreated again), as soon as the database server runs. A remote database cannot be
 * reached without its password, which is never kept, so the user is told to run the reset again.
 */
import { nativeRuntime } from '../native/native-runtime.js';
import type { OperationRecovery } from '../orchestration/recovery-types.js';
import { resetLocal } from './reset-local.js';

export const resetRecovery: OperationRecovery = {
  async ready({ operation, environment }) {
    if (operation.params.target !== 'local') return true;
    const config = await environment.config();
    if ((await nativeRuntime.status(config.project_id, config, { env: environment.env })).healthy) return true;
    // On the docker runtime the reset recreates the db container: it is ready while that one runs.
    const { dockerDbRunning } = await import('../docker/db-recreate.js');
    return dockerDbRunning(config, environment.env);
  },
  async run({ operation, session, environment, step }) {
    if (operation.params.target !== 'local') {
      return { outcome: 'left as it is', detail: `run ${operation.command ?? 'supabase db reset'} again to reset that database completely` };
    }
    const config = await environment.config();
    const version = typeof operation.params.version === 'string' ? operation.params.version : undefined;
    const result = await resetLocal(environment.root, config, environment.env, { step, record: (events) => void session.append(events), fold: () => session.fold }, { version });
    // Said as it went: a project without a seed file is not seeded.
    return { outcome: 'completed', detail: `the local database is recreated, migrated${result.seeded ? ' and seeded' : '; there is no supabase/seed.sql to seed it with'}` };
  },
};
