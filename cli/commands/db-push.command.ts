/** `db push` (facts §5.7): pending migrations, optionally roles and seed, with a dry run. No prompt at this tag. */
import type { CommandContext } from '../context.js';
import { chooseTarget, stderrNotice, withTarget } from '../db-session.js';

/** Pushes local migrations to the target (linked by default). */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { applyPending, findPending } = await import('../../tasks/db/push.js');
  const { applyCustomRoles, applySeed } = await import('../../tasks/db/seed.js');
  const notice = stderrNotice(ctx);
  const dryRun = ctx.flags['dry-run'] === true;
  if (dryRun) notice('DRY RUN: migrations will *not* be pushed to the database.');
  const target = await chooseTarget(ctx);
  const upToDate = await withTarget(target, async (client) => {
    if (ctx.flags['include-roles'] === true && !dryRun) await applyCustomRoles(client, ctx.projectRoot, notice);
    const pending = await findPending(client, ctx.projectRoot, ctx.flags['include-all'] === true, notice);
    if (pending.length === 0) return true;
    if (dryRun) for (const file of pending) notice(`Would push migration ${file.file}...`);
    else await applyPending(client, pending, notice);
    if (ctx.flags['include-seed'] === true && !dryRun) await applySeed(client, ctx.projectRoot, notice);
    return false;
  });
  if (upToDate) {
    ctx.io.stdout('Remote database is up to date.\n');
    return;
  }
  ctx.io.stdout('Finished supabase db push.\n');
}
