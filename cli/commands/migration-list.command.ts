/** `migration list`: local and applied versions side by side. */
import type { CommandContext } from '../context.js';
import { renderTable } from '../output/table.js';
import { chooseTarget, stderrNotice, withTarget } from '../db-session.js';

/** Prints the Local / Remote / Time (UTC) table. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const { listMigrations } = await import('../../tasks/db/migration-files.js');
  const { appliedVersions } = await import('../../tasks/db/migration-history.js');
  const { driftWarnings } = await import('../../tasks/db/migration-drift.js');
  const { compareVersions } = await import('../../tasks/db/migration-pending.js');
  const target = await chooseTarget(ctx);
  const listing = await listMigrations(ctx.projectRoot);
  for (const skipped of listing.skipped) stderrNotice(ctx)(skipped.notice);
  const remote = await withTarget(target, async (client) => {
    for (const warning of await driftWarnings(client, listing.migrations)) stderrNotice(ctx)(warning);
    return appliedVersions(client);
  });
  const local = new Set(listing.migrations.map((file) => file.version));
  const remoteSet = new Set(remote);
  const versions = [...new Set([...local, ...remote])].sort(compareVersions);
  const rows = versions.map((version) => [local.has(version) ? version : ' ', remoteSet.has(version) ? version : ' ', formatTime(version)]);
  ctx.io.stdout(`\n${renderTable(['Local', 'Remote', 'Time (UTC)'], rows)}\n`);
}

/** `yyyyMMddHHmmss` as `YYYY-MM-DD HH:MM:SS`; other versions are shown as they are. */
function formatTime(version: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version);
  return match ? `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}:${match[6]}` : version;
}
