/**
 * `domains activate`: make the verified custom hostname the project's address. The machine refuses
 * it, before any request, unless the last reverify found the hostname verified.
 */
import type { CommandContext } from '../context.js';
import { printHostnameStatus } from '../management-api/hostname-status.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const answer = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'custom-hostname', event: { type: 'ACTIVATE' } });
  printHostnameStatus(ctx, answer.hostname);
}
