/** One request on the vanity subdomain machine (CHECK, ACTIVATE or DELETE), shared by its commands. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { domainRequest, openDomains, subdomainTasks } from './domains-session.js';
import type { SubdomainAnswer } from '../../tasks/management-api/resources/vanity-subdomain.tasks.js';

/** The trimmed --desired-subdomain, or the original's error when it is empty. */
export function desiredSubdomain(ctx: CommandContext): string {
  const subdomain = String(ctx.flags['desired-subdomain'] ?? '').trim();
  if (!subdomain) throw new UserError('non-empty vanity subdomain expected', 'Pass the subdomain, e.g. --desired-subdomain my-app');
  return subdomain;
}

/** Asks the machine for the change and runs it; resolves with what the platform answered. */
export async function subdomainStep(ctx: CommandContext, event: { type: string; subdomain?: string }): Promise<SubdomainAnswer> {
  const session = await openDomains(ctx);
  const answer: SubdomainAnswer = {};
  await domainRequest(session, session.streams.subdomain, event, await subdomainTasks(session, answer));
  return answer;
}
