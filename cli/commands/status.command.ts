/** `supabase status`: the running stack's URLs and keys, after checking the journal against reality. */
import type { CommandContext } from '../context.js';
import { openStack } from '../stack/stack-session.js';
import { parseOverrides, printStatus } from '../stack/status-output.js';
import { printUnavailable } from '../stack/unavailable-services.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const session = await openStack(ctx);
  const { projection, reality } = session;
  // A stack the journal knows must be running by its account too (not failed, not half started);
  // a project whose journal was deleted is judged by reality alone.
  const { stackUp } = await import('../../machines/journal/projections/stack.projection.js');
  const journalAgrees = projection.lastSeq === 0 || stackUp(projection);
  if (!reality.running || !reality.healthy || !journalAgrees) {
    const { stackNotRunning } = await import('../../tasks/stack/not-running.js');
    throw stackNotRunning();
  }
  const format = String(ctx.flags.output ?? 'pretty');
  // A bad --override-name is said before anything is printed.
  parseOverrides((ctx.flags['override-name'] as string[] | undefined) ?? []);
  if (format === 'pretty') ctx.io.stderr('supabase local development setup is running.\n\n');
  await printStatus(ctx, session.project, format, { name: session.runtime.name, running: reality.services });
  if (format === 'pretty') printUnavailable(ctx, projection, reality.services, reality.exited, reality.exitedBeside);
  return 0;
}
