/** `vanity-subdomains delete`: release the subdomain; the project answers on <ref>.supabase.co again. */
import type { CommandContext } from '../context.js';
import { resolveProjectRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await hostedStep(ctx, await resolveProjectRef(ctx), { resource: 'vanity-subdomain', event: { type: 'DELETE' } });
  ctx.io.stdout('Deleted vanity subdomain successfully.\n');
}
