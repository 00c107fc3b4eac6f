/** `supabase status`: the running stack's URLs and keys, after checking the journal against reality. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { openStack } from '../stack/stack-session.js';
import { printStatus } from '../stack/status-output.js';
import { printUnavailable } from '../stack/unavailable-services.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const session = await openStack(ctx);
  if (!session.reality.running || !session.reality.healthy) {
    throw new UserError('supabase start is not running.', 'Run supabase start to start the local stack.');
  }
  const format = String(ctx.flags.output ?? 'pretty');
  if (format === 'pretty') ctx.io.stderr('supabase local development setup is running.\n\n');
  await printStatus(ctx, session.project, format, { name: session.runtime.name, running: session.reality.services });
  if (format === 'pretty') printUnavailable(ctx, session.journal);
  return 0;
}
