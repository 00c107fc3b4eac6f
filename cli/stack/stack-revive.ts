/**
 * `start` on a stack that already runs: the original says so and changes nothing, but on the
 * native runtime a service process can die under a running stack (and pg_net's requests then wait
 * unsent), with no container engine to restart it. So start first starts again what has exited,
 * under the project's lock, and records it in the journal like any start of a service.
 */
import { UserError } from '../errors.js';
import type { StackSession } from './stack-session.js';

/** Starts again what has exited; returns the names started again. A failure is one user error. */
export async function reviveStack(session: StackSession, notice: (message: string) => void): Promise<string[]> {
  const { runtime, journal, project, ctx } = session;
  if (!runtime.revive) return [];
  const revive = runtime.revive.bind(runtime);
  const { withOperation } = await import('../../tasks/orchestration/operation-lock.js');
  const { JournalSession } = await import('../../tasks/orchestration/journal-session.js');
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const { messageOf } = await import('../../tasks/task-error.js');
  const revival = await withOperation(journal, `supabase ${ctx.path}`, 0, async () => {
    const journalSession = new JournalSession(journal);
    const result = await revive(project, stackProjection(journalSession.fold), notice);
    journalSession.append(result.outcomes.map((outcome) => ({ stream: 'stack', type: outcome.type, data: outcome.data ?? {} })));
    return result;
  });
  if (revival.failure !== undefined) {
    throw new UserError(`failed to start again what had exited: ${messageOf(revival.failure)}`, 'Run supabase stop, then supabase start.');
  }
  return revival.restarted;
}
