/** `db reset` (facts §5.12): the local database recreated from its template, or a remote one emptied; then migrate and seed. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { chooseTarget, gitBranch, projectConfig, stderrNotice } from '../db-session.js';
import { confirm } from '../prompt.js';

/** Resets the target database. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { migrationFileOf, parseVersion } = await import('../../tasks/db/migration-repair.js');
  const notice = stderrNotice(ctx);
  const version = typeof ctx.flags.version === 'string' && ctx.flags.version !== '' ? parseVersion(ctx.flags.version) : undefined;
  if (version) await migrationFileOf(ctx.projectRoot, version);
  const target = await chooseTarget(ctx);
  const where = target.isLocal ? 'local' : 'remote';
  if (!target.isLocal && !(await confirm(ctx, 'Confirm resetting the remote database?', true))) throw new UserError('context canceled');
  notice(version ? `Resetting ${where} database to version: ${version}` : `Resetting ${where} database...`);
  if (target.isLocal) {
    const { resetNativeDatabase } = await import('../../tasks/db/reset.js');
    const { shadowHostUrl } = await import('../../tasks/db/shadow-host.js');
    const config = await projectConfig(ctx);
    const url = await shadowHostUrl(config, ctx.env);
    notice('Recreating database...');
    await resetNativeDatabase(ctx.projectRoot, config, url, ctx.env, { version, notice });
  } else {
    const { resetRemoteDatabase } = await import('../../tasks/db/reset.js');
    await resetRemoteDatabase(target.url, ctx.projectRoot, { version, notice });
  }
  notice(`Finished supabase db reset on branch ${await gitBranch(ctx)}.`);
}
