/** `branches delete <id>`: delete one preview branch (refused for a branch the journal saw deleted). */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const event = { type: 'DELETE_BRANCH', branchId: ctx.args[0] };
  await hostedStep(ctx, await requireLinkedRef(ctx.projectRoot), { resource: 'branches', event });
  ctx.io.stdout(`Deleted preview branch: ${ctx.args[0]}\n`);
}
