/** `domains delete`: remove the custom hostname configuration. */
import type { CommandContext } from '../context.js';
import { hostnameStep } from '../hosted/domains-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await hostnameStep(ctx, { type: 'DELETE' });
  ctx.io.stdout('Deleted custom hostname config successfully.\n');
}
