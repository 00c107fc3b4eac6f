/** `branches list`: the linked project's preview branches; what the listing shows is recorded in the journal. */
import type { CommandContext } from '../context.js';
import { renderTable } from '../output/table.js';
import { formatTimestamp } from '../output/timestamp.js';
import { requireLinkedRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

const HEADERS = ['ID', 'NAME', 'DEFAULT', 'GIT BRANCH', 'RESET ON PUSH', 'STATUS', 'CREATED AT (UTC)', 'UPDATED AT (UTC)'];

export default async function run(ctx: CommandContext): Promise<void> {
  const { branches = [] } = await hostedStep(ctx, await requireLinkedRef(ctx.projectRoot), { resource: 'branches' });
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
