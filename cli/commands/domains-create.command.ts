/**
 * `domains create --custom-hostname <h>`: check the CNAME, register the hostname, print the next
 * step (POST .../custom-hostname/initialize).
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { hostnameStep } from '../hosted/domains-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const hostname = String(ctx.flags['custom-hostname'] ?? '').trim();
  if (!hostname) throw new UserError('non-empty custom hostname expected', 'Pass the hostname, e.g. --custom-hostname api.example.com');
  await hostnameStep(ctx, { type: 'CREATE', hostname });
}
