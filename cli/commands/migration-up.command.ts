/** `migration up` (facts §5.6): applies the pending local migrations to the target (local by default). */
import type { CommandContext } from '../context.js';
import { chooseTarget, stderrNotice, withTarget } from '../db-session.js';

/** Applies pending migrations. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { applyPending, findPending } = await import('../../tasks/db/push.js');
  const notice = stderrNotice(ctx);
  const target = await chooseTarget(ctx);
  await withTarget(target, async (client) => {
    const pending = await findPending(client, ctx.projectRoot, ctx.flags['include-all'] === true, notice);
    await applyPending(client, pending, notice);
  });
  ctx.io.stdout('Local database is up to date.\n');
}
