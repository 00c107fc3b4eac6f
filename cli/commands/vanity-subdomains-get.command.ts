/** `vanity-subdomains get`: the platform's vanity subdomain status; a change made elsewhere is recorded as observed. */
import type { CommandContext } from '../context.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { subdomain } = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'vanity-subdomain' });
  ctx.io.stdout(`Status: ${subdomain?.status ?? ''}\n${subdomain?.custom_domain ? `Vanity subdomain: ${subdomain.custom_domain}\n` : ''}`);
}
