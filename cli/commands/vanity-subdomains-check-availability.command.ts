/** `vanity-subdomains check-availability --desired-subdomain <s>`: whether the subdomain is free. */
import type { CommandContext } from '../context.js';
import { desiredSubdomain } from '../management-api/subdomain-input.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const subdomain = desiredSubdomain(ctx);
  const answer = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'vanity-subdomain', event: { type: 'CHECK', subdomain } });
  ctx.io.stdout(`Subdomain ${subdomain} available: ${answer.available === true}\n`);
}
