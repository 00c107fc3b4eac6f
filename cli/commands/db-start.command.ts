/** `supabase db start`: only the database of the local stack. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { operateStack } from '../stack/stack-operation.js';
import { SERVICE_BY_IMAGE } from '../../tasks/stack/service-names.js';

export default async function run(ctx: CommandContext): Promise<number> {
  // Everything but the database is left out, as if each were named with -x.
  const { result } = await operateStack(ctx, { type: 'START', ignoreHealthCheck: false, excluded: Object.keys(SERVICE_BY_IMAGE) });
  if (result.status === 'refused') {
    const { startFoundRunning } = await import('../../machines/stack.machine.js');
    if (startFoundRunning(String(result.before.snapshot.value))) {
      ctx.io.stderr('Postgres database is already running.\n');
      return 0;
    }
    throw new UserError(result.refusal ?? 'the database cannot start now', 'Run supabase stop, then supabase db start.');
  }
  return 0;
}
