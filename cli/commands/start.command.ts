/** `supabase start`: runs the local stack through the stack machine, then prints its URLs and keys. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { operateStack } from '../stack/stack-operation.js';
import { printStatus } from '../stack/status-output.js';
import { printUnavailable } from '../stack/unavailable-services.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const excluded = (ctx.flags.exclude as string[] | undefined) ?? [];
  const ignoreHealthCheck = ctx.flags['ignore-health-check'] === true;
  const { project, runtime, result, projection, revived } = await operateStack(ctx, { type: 'START', ignoreHealthCheck, excluded }, { revive: true });
  if (result.status === 'refused') {
    const { startFoundRunning } = await import('../../machines/stack.machine.js');
    if (startFoundRunning(String(result.before.snapshot.value))) {
      if (revived.length > 0) ctx.io.stderr(`Started again what had exited: ${revived.join(', ')}.\n`);
      ctx.io.stderr('supabase start is already running.\n');
      ctx.io.stderr('Run supabase status to show status of local Supabase containers.\n');
      return 0;
    }
    throw new UserError(result.refusal ?? 'the local stack cannot start now', 'Run supabase stop, then supabase start.');
  }
  ctx.io.stderr('Started supabase local development setup.\n\n');
  if (runtime.name === 'native') {
    // Every service this start waited for answered a moment ago, and the journal says so: asking
    // each of them again, and then their ports, cost 40-130 ms of every start.
    const { answeringServices } = await import('../../machines/journal/projections/stack.projection.js');
    const running = answeringServices(projection);
    await printStatus(ctx, project, 'pretty', { name: runtime.name, running }, { probe: false });
    printUnavailable(ctx, projection, running);
    return 0;
  }
  const reality = await runtime.reality(project);
  await printStatus(ctx, project, 'pretty', { name: runtime.name, running: reality.services });
  printUnavailable(ctx, projection, reality.services, reality.exited, reality.exitedBeside);
  return 0;
}
