/** `branches disable`: turn preview branching off for the linked project, which deletes every branch. */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { branchStep } from '../hosted/branches-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await branchStep(ctx, { type: 'DISABLE' });
  ctx.io.stdout(`Disabled preview branching for project: ${await requireLinkedRef(ctx.projectRoot)}\n`);
}
