/**
 * `start` on a stack that already runs: the original says so and changes nothing, but on the
 * native runtime a service process can die under a running stack (and pg_net's requests then wait
 * unsent), with no container engine to restart it. So start first starts again what has exited,
 * inside its own operation (under the project's lock), and records it in the journal like any
 * start of a service.
 */
import { UserError } from '../errors.js';
import type { JournalSession } from '../../tasks/orchestration/journal-session.js';
import type { StackProject, StackRuntime } from '../../tasks/stack/stack-runtime.js';

/** Starts again what has exited; returns the names started again. A failure is one user error. */
export async function reviveStack(runtime: StackRuntime, project: StackProject, session: JournalSession, notice: (message: string) => void): Promise<string[]> {
  if (!runtime.revive) return [];
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const { messageOf } = await import('../../tasks/task-error.js');
  const revival = await runtime.revive(project, stackProjection(session.fold), notice);
  session.append(revival.outcomes.map((outcome) => ({ stream: 'stack', type: outcome.type, data: outcome.data ?? {} })));
  if (revival.failure !== undefined) {
    throw new UserError(`failed to start again what had exited: ${messageOf(revival.failure)}`, 'Run supabase stop, then supabase start.');
  }
  return revival.restarted;
}
