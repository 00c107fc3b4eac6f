/** `vanity-subdomains get`: the platform's vanity subdomain status; a change made elsewhere is recorded as observed. */
import type { CommandContext } from '../context.js';
import { openDomains } from '../hosted/domains-session.js';
import { recordObserved } from '../hosted/hosted-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { readSubdomainConfig, subdomainObservation } = await import('../../tasks/management-api/resources/vanity-subdomain.tasks.js');
  const session = await openDomains(ctx);
  const config = await readSubdomainConfig(session.api, session.ref);
  await recordObserved(session, [subdomainObservation(session.streams.subdomain, config)]);
  ctx.io.stdout(`Status: ${config.status}\n${config.custom_domain ? `Vanity subdomain: ${config.custom_domain}\n` : ''}`);
}
