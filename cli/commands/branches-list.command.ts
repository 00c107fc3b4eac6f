/** `branches list`: the linked project's preview branches; what the listing shows is recorded in the journal. */
import type { CommandContext } from '../context.js';
import { renderTable } from '../output/table.js';
import { formatTimestamp } from '../output/timestamp.js';
import { listAndObserve, openBranches } from '../hosted/branches-session.js';

const HEADERS = ['ID', 'NAME', 'DEFAULT', 'GIT BRANCH', 'RESET ON PUSH', 'STATUS', 'CREATED AT (UTC)', 'UPDATED AT (UTC)'];

export default async function run(ctx: CommandContext): Promise<void> {
  const branches = await listAndObserve(await openBranches(ctx));
  const rows = branches.map((branch) => [
    branch.id,
    branch.name,
    String(branch.is_default),
    branch.git_branch ?? ' ',
    String(branch.reset_on_push),
    branch.status,
    formatTimestamp(branch.created_at),
    formatTimestamp(branch.updated_at),
  ]);
  ctx.io.stdout(renderTable(HEADERS, rows));
}
