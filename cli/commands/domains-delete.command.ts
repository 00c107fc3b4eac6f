/** `domains delete`: remove the custom hostname configuration. */
import type { CommandContext } from '../context.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'custom-hostname', event: { type: 'DELETE' } });
  ctx.io.stdout('Deleted custom hostname config successfully.\n');
}
