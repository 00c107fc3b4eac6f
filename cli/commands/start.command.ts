/** `supabase start`: runs the local stack through the stack machine, then prints its URLs and keys. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { openStack, runStack } from '../stack/stack-session.js';
import { printStatus } from '../stack/status-output.js';
import { printUnavailable } from '../stack/unavailable-services.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const session = await openStack(ctx);
  const exclude = (ctx.flags.exclude as string[] | undefined) ?? [];
  const ignoreHealthCheck = ctx.flags['ignore-health-check'] === true;
  const result = await runStack(session, { type: 'START', ignoreHealthCheck, excluded: exclude, runtime: session.runtime.name }, exclude);
  if (result.status === 'refused') {
    const { startFoundRunning } = await import('../../machines/stack.machine.js');
    if (startFoundRunning(String(result.before.snapshot.value))) {
      const { reviveStack } = await import('../stack/stack-revive.js');
      const restarted = await reviveStack(session, (message) => ctx.io.stderr(`${message}\n`));
      if (restarted.length > 0) ctx.io.stderr(`Started again what had exited: ${restarted.join(', ')}.\n`);
      ctx.io.stderr('supabase start is already running.\n');
      ctx.io.stderr('Run supabase status to show status of local Supabase containers.\n');
      return 0;
    }
    throw new UserError(result.refusal ?? 'the local stack cannot start now', 'Run supabase stop, then supabase start.');
  }
  ctx.io.stderr('Started supabase local development setup.\n\n');
  const reality = await session.runtime.reality(session.project);
  await printStatus(ctx, session.project, 'pretty', { name: session.runtime.name, running: reality.services });
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  printUnavailable(ctx, stackProjection(session.journal.replay().fold), reality.services, reality.exited, reality.exitedBeside);
  return 0;
}
