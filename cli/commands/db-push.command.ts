/** `db push`: pending migrations, optionally roles and seed, with a dry run. No prompt at this tag. */
import type { CommandContext } from '../context.js';
import { resolveDbTarget } from '../db-target.js';
import { migrationStreamOf, prepareSqlSteps, prepareTarget, stderrNotice, targetKind, withTarget } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';

/** Pushes local migrations to the target (linked by default), one recorded step each, under the project's lock. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { applyPending, findPending } = await import('../../tasks/db/push.js');
  const { applyCustomRoles, applySeed } = await import('../../tasks/db/seed.js');
  const { appliedEvent } = await import('../../tasks/db/migration-events.js');
  const notice = stderrNotice(ctx);
  const dryRun = ctx.flags['dry-run'] === true;
  const target = await resolveDbTarget(ctx);
  const stream = await migrationStreamOf(ctx, target);
  await prepareSqlSteps(ctx);
  const upToDate = await runProjectOperation(ctx, { kind: 'migration-apply', params: { target: targetKind(target), stream } }, async (operation) => {
    if (dryRun) notice('DRY RUN: migrations will *not* be pushed to the database.');
    await prepareTarget(ctx, target);
    return withTarget(target, async (client) => {
      if (ctx.flags['include-roles'] === true && !dryRun) await operation.step('create custom roles', () => applyCustomRoles(client, ctx.projectRoot, notice));
      const pending = await findPending(client, ctx.projectRoot, ctx.flags['include-all'] === true, notice);
      if (pending.length === 0) return true;
      if (dryRun) for (const file of pending) notice(`Would push migration ${file.file}...`);
      else await applyPending(client, pending, notice, { step: operation.step, onApplied: (file) => operation.record([appliedEvent(stream, file)]) });
      if (ctx.flags['include-seed'] === true && !dryRun) await operation.step('seed', () => applySeed(client, ctx.projectRoot, notice));
      return false;
    });
  });
  if (upToDate) {
    ctx.io.stdout('Remote database is up to date.\n');
    return;
  }
  ctx.io.stdout('Finished supabase db push.\n');
}
