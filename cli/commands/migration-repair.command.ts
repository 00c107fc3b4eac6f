/** `migration repair`: history rows inserted or deleted, without running migrations. */
import type { CommandContext } from '../context.js';
import { resolveDbTarget } from '../db-target.js';
import { migrationStreamOf, prepareTarget, targetKind, withTarget } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';
import { confirm } from '../prompt.js';

/** Repairs the given versions, or after a prompt (default No) the whole table; recorded under the project's lock. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { parseVersion } = await import('../../tasks/db/migration-version.js');
  const { repairWithHistory } = await import('../../tasks/db/repair-recorded.js');
  const status = ctx.flags.status as 'applied' | 'reverted';
  const versions = ctx.args.map(parseVersion);
  if (versions.length === 0) {
    const whole = await confirm(ctx, 'Do you want to repair the entire migration history table to match local migration files?', false);
    if (!whole) {
      ctx.io.stderr('Nothing to repair.\n');
      return;
    }
  }
  const target = await resolveDbTarget(ctx);
  const stream = await migrationStreamOf(ctx, target);
  const changes = await runProjectOperation(ctx, { kind: 'migration-repair', params: { target: targetKind(target), stream, status, versions } }, async (operation) => {
    await prepareTarget(ctx, target);
    return withTarget(target, (client) => repairWithHistory(client, ctx.projectRoot, versions, status, operation, stream));
  });
  ctx.log.debug(`repair changes: ${JSON.stringify(changes)}`);
  if (versions.length > 0) ctx.io.stderr(`Repaired migration history: [${versions.join(' ')}] => ${status}\n`);
  ctx.io.stderr('Run supabase migration list to show the updated migration history.\n');
  ctx.io.stdout('Finished supabase migration repair.\n');
}
