/** `vanity-subdomains check-availability --desired-subdomain <s>`: whether the subdomain is free. */
import type { CommandContext } from '../context.js';
import { desiredSubdomain, subdomainStep } from '../hosted/subdomain-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const subdomain = desiredSubdomain(ctx);
  const answer = await subdomainStep(ctx, { type: 'CHECK', subdomain });
  ctx.io.stdout(`Subdomain ${subdomain} available: ${answer.available === true}\n`);
}
