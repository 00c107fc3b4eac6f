/** `migration squash`: migrations up to a version replaced by one schema dump. */
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { resolveDbTarget } from '../db-target.js';
import { migrationStreamOf, prepareTarget, projectConfig, stderrNotice, targetKind, withTarget } from '../db-session.js';
import { runProjectOperation } from '../project-operation.js';
import { confirm } from '../prompt.js';

/**
 * Squashes, then (for a non-local target, after a prompt) rewrites the history to match. One
 * recorded operation under the project's lock: interrupted, it is finished or undone next time.
 */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { migrationFileOf, parseVersion } = await import('../../tasks/db/migration-version.js');
  const { squashHistory } = await import('../../tasks/db/history-edits.js');
  const { listMigrations } = await import('../../tasks/db/migration-files.js');
  const { squashMigrations } = await import('../../tasks/db/squash.js');
  const { shadowHostUrl } = await import('../../tasks/db/shadow-host.js');
  const { squashedEvents } = await import('../../tasks/db/migration-events.js');
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
  const target = await resolveDbTarget(ctx);
  const stream = await migrationStreamOf(ctx, target);
  await runProjectOperation(ctx, { kind: 'migration-squash', params: { target: targetKind(target), stream } }, async (operation) => {
    await prepareTarget(ctx, target);
    notice('Creating shadow database...');
    const scratchDir = path.join(ctx.projectRoot, 'supabase', '.temp');
    const result = await squashMigrations(await shadowHostUrl(config, ctx.env), migrations, ctx.env, () => undefined, { scratchDir, step: operation.step });
    operation.record(squashedEvents(stream, result.removed, result.target.version));
    notice(`Squashed local migrations to supabase/migrations/${result.target.file}`);
    for (const dropped of result.dropped) {
      notice(`WARNING: could not keep this data statement in the squashed migration (${dropped.reason}):\n${dropped.statement}`);
    }
    if (!target.isLocal && (await confirm(ctx, 'Update remote migration history table?', true))) {
      await operation.step('update the history table', () => withTarget(target, (client) => squashHistory(client, ctx.projectRoot, result.target.version)));
    }
  });
  ctx.io.stdout('Finished supabase migration squash.\n');
}
