/** `domains reverify`: ask the platform to check the DNS records and certificate again, print where things stand. */
import type { CommandContext } from '../context.js';
import { hostnameStep } from '../hosted/domains-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await hostnameStep(ctx, { type: 'REVERIFY' });
}
