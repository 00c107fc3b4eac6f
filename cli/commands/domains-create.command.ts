/**
 * `domains create --custom-hostname <h>`: check the CNAME, register the hostname, print the next
 * step (POST .../custom-hostname/initialize).
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { printHostnameStatus } from '../management-api/hostname-status.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const hostname = String(ctx.flags['custom-hostname'] ?? '').trim();
  if (!hostname) throw new UserError('non-empty custom hostname expected', 'Pass the hostname, e.g. --custom-hostname api.example.com');
  const answer = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'custom-hostname', event: { type: 'CREATE', hostname } });
  printHostnameStatus(ctx, answer.hostname);
}
