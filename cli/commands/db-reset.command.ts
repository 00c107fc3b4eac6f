/**
 * `db reset`: the local database recreated from its template, or a remote one
 * emptied; then migrate and seed. One recorded operation: killed at any step, the next command
 * finishes the reset (a later reset simply redoes it).
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { resolveDbTarget } from '../db-target.js';
import { migrationStreamOf, prepareSqlSteps, prepareTarget, projectConfig, stderrNotice, targetKind } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';
import { confirm } from '../prompt.js';

/** Resets the target database. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { migrationFileOf, parseVersion } = await import('../../tasks/db/migration-version.js');
  const notice = stderrNotice(ctx);
  const version = typeof ctx.flags.version === 'string' && ctx.flags.version !== '' ? parseVersion(ctx.flags.version) : undefined;
  if (version) await migrationFileOf(ctx.projectRoot, version);
  const target = await resolveDbTarget(ctx);
  const where = target.isLocal ? 'local' : 'remote';
  const params = { target: targetKind(target), ...(version ? { version } : {}) };
  // A local reset recreates the database: whatever an interrupted command left in it goes too.
  const supersedes = target.isLocal ? ['db-reset', 'migration-apply', 'migration-repair', 'test-db'] : ['db-reset'];
  await prepareSqlSteps(ctx);
  await runProjectOperation(ctx, { kind: 'db-reset', params, supersedes }, async (operation) => {
    await prepareTarget(ctx, target);
    if (!target.isLocal && !(await confirm(ctx, 'Confirm resetting the remote database?', true))) throw new UserError('context canceled');
    notice(version ? `Resetting ${where} database to version: ${version}` : `Resetting ${where} database...`);
    if (target.isLocal) {
      const { resetLocal } = await import('../../tasks/db/reset-local.js');
      notice('Recreating database...');
      await resetLocal(ctx.projectRoot, await projectConfig(ctx), ctx.env, operation, { version, notice });
    } else {
      const { resetRemoteDatabase } = await import('../../tasks/db/reset.js');
      const { appliedEvent, historyResetEvents } = await import('../../tasks/db/migration-events.js');
      const { listMigrations } = await import('../../tasks/db/migration-files.js');
      const stream = await migrationStreamOf(ctx, target);
      const local = (await listMigrations(ctx.projectRoot)).migrations;
      await resetRemoteDatabase(target.url, ctx.projectRoot, {
        version,
        notice,
        step: operation.step,
        onRecreated: () => operation.record(historyResetEvents(stream, [], local)),
        onApplied: (file) => operation.record([appliedEvent(stream, file)]),
      });
    }
  });
  const { gitBranchOr } = await import('../../tasks/project/git-branch.js');
  notice(`Finished supabase db reset on branch ${await gitBranchOr('main', ctx.projectRoot, ctx.env)}.`);
}
