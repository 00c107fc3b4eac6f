/** `migration squash` (facts §5.5): migrations up to a version replaced by one schema dump. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { chooseTarget, projectConfig, stderrNotice, withTarget } from '../db-session.js';
import { confirm } from '../prompt.js';

/** Squashes, then (for a non-local target, after a prompt) rewrites the history to match. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { migrationFileOf, parseVersion } = await import('../../tasks/db/migration-repair.js');
  const { listMigrations } = await import('../../tasks/db/migration-files.js');
  const { squashMigrations } = await import('../../tasks/db/squash.js');
  const { shadowHostUrl } = await import('../../tasks/db/shadow-host.js');
  const notice = stderrNotice(ctx);
  const version = typeof ctx.flags.version === 'string' && ctx.flags.version !== '' ? parseVersion(ctx.flags.version) : undefined;
  if (version) await migrationFileOf(ctx.projectRoot, version);
  const config = await projectConfig(ctx);
  const { migrations } = await listMigrations(ctx.projectRoot, version);
  if (migrations.length === 0 || (version && migrations.at(-1)!.version !== version)) throw new UserError('version not found');
  if (migrations.length === 1) {
    notice(`supabase/migrations/${migrations[0]!.file} is already the earliest migration.`);
    return;
  }
  const target = await chooseTarget(ctx);
  notice('Creating shadow database...');
  const result = await squashMigrations(await shadowHostUrl(config, ctx.env), migrations, ctx.env, () => undefined);
  notice(`Squashed local migrations to supabase/migrations/${result.target.file}`);
  for (const dropped of result.dropped) {
    notice(`WARNING: could not keep this data statement in the squashed migration (${dropped.reason}):\n${dropped.statement}`);
  }
  if (!target.isLocal && (await confirm(ctx, 'Update remote migration history table?', true))) {
    const { deleteUpTo } = await import('../../tasks/db/migration-history.js');
    const { repairVersions } = await import('../../tasks/db/migration-repair.js');
    await withTarget(target, async (client) => {
      await deleteUpTo(client, result.target.version);
      await repairVersions(client, ctx.projectRoot, [result.target.version], 'applied');
    });
  }
  ctx.io.stdout('Finished supabase migration squash.\n');
}
