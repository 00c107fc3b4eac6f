/** `migration up`: applies the pending local migrations to the target (local by default). */
import type { CommandContext } from '../context.js';
import { resolveDbTarget } from '../db-target.js';
import { migrationStreamOf, prepareSqlSteps, prepareTarget, stderrNotice, targetKind, withTarget } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';

/** Applies pending migrations, one recorded step each, under the project's lock. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { applyPending, findPending } = await import('../../tasks/db/push.js');
  const { appliedEvent } = await import('../../tasks/db/migration-events.js');
  const notice = stderrNotice(ctx);
  const target = await resolveDbTarget(ctx);
  const stream = await migrationStreamOf(ctx, target);
  await prepareSqlSteps(ctx);
  await runProjectOperation(ctx, { kind: 'migration-apply', params: { target: targetKind(target), stream } }, async (operation) => {
    await prepareTarget(ctx, target);
    await withTarget(target, async (client) => {
      const pending = await findPending(client, ctx.projectRoot, ctx.flags['include-all'] === true, notice);
      await applyPending(client, pending, notice, { step: operation.step, onApplied: (file) => operation.record([appliedEvent(stream, file)]) });
    });
  });
  ctx.io.stdout('Local database is up to date.\n');
}
