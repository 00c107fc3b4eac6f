/** `domains get`: the platform's custom hostname configuration; a change made elsewhere is recorded as observed. */
import type { CommandContext } from '../context.js';
import { printHostnameStatus } from '../management-api/hostname-status.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const answer = await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'custom-hostname' });
  printHostnameStatus(ctx, answer.hostname);
}
