/** `domains reverify`: ask the platform to check the DNS records and certificate again, print where things stand. */
import type { CommandContext } from '../context.js';
import { printHostnameStatus } from '../management-api/hostname-status.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const answer = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'custom-hostname', event: { type: 'REVERIFY' } });
  printHostnameStatus(ctx, answer.hostname);
}
