/** `vanity-subdomains delete`: release the subdomain; the project answers on <ref>.supabase.co again. */
import type { CommandContext } from '../context.js';
import { subdomainStep } from '../hosted/subdomain-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await subdomainStep(ctx, { type: 'DELETE' });
  ctx.io.stdout('Deleted vanity subdomain successfully.\n');
}
