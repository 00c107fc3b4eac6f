/** `vanity-subdomains activate --desired-subdomain <s>`: claim the subdomain (refused while a custom hostname exists). */
import type { CommandContext } from '../context.js';
import { desiredSubdomain } from '../management-api/subdomain-input.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const event = { type: 'ACTIVATE', subdomain: desiredSubdomain(ctx) };
  const answer = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'vanity-subdomain', event });
  ctx.io.stdout(`Activated vanity subdomain at ${answer.customDomain ?? ''}\n`);
}
