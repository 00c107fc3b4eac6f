/** `branches disable`: turn preview branching off for the linked project, which deletes every branch. */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const ref = await requireLinkedRef(ctx.projectRoot);
  await hostedStep(ctx, ref, { resource: 'branches', event: { type: 'DISABLE' } });
  ctx.io.stdout(`Disabled preview branching for project: ${ref}\n`);
}
