/** `vanity-subdomains activate --desired-subdomain <s>`: claim the subdomain (refused while a custom hostname exists). */
import type { CommandContext } from '../context.js';
import { desiredSubdomain, subdomainStep } from '../hosted/subdomain-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const answer = await subdomainStep(ctx, { type: 'ACTIVATE', subdomain: desiredSubdomain(ctx) });
  ctx.io.stdout(`Activated vanity subdomain at ${answer.customDomain ?? ''}\n`);
}
