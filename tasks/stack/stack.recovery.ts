/**
 * Recovering an interrupted start, db start or stop: whatever the start had begun is stopped
 * (a start that did not finish leaves nothing running), and a stop is carried through, with
 * --no-backup deleting the data as asked. A command that died after the stack had settled (a
 * start that got it running, a stop that had not begun, or either one done) leaves nothing to do:
 * the line then says what it had reached.
 */
import { stackFailed, stackProjection, stackUp } from '../../machines/journal/projections/stack.projection.js';
import type { OperationRecovery } from '../orchestration/recovery-types.js';
import { driveRequest } from '../orchestration/run-machine.js';
import { pickRuntime, runtimeNamed } from './pick-runtime.js';
import { stackTasks } from './stack-tasks.js';

export const stackRecovery: OperationRecovery = {
  async run({ operation, session, environment }) {
    const request = operation.params.event as { type?: string; backup?: boolean } | undefined;
    const stopping = request?.type === 'STOP';
    const stack = stackProjection(session.fold);
    // Nothing is left to do, so the line says what the command had reached, not that anything was undone.
    if (stackUp(stack)) {
      // The start had got the stack running (it died before recording its end), or the stop had not begun.
      return stopping
        ? { outcome: 'rolled back', verb: 'Checked', detail: 'it had stopped nothing, and the stack still runs (run supabase stop to stop it)' }
        : { outcome: 'completed', verb: 'Checked', detail: 'it had started the stack, which runs' };
    }
    if (!stackFailed(stack)) return stopping ? { outcome: 'completed', verb: 'Checked', detail: 'it had stopped the stack' } : { outcome: 'rolled back', verb: 'Checked', detail: 'it had stopped what it started' };
    const config = await environment.config();
    const project = { root: environment.root, config, env: environment.env };
    const runtime = stack.runtime === 'docker' || stack.runtime === 'native' ? await runtimeNamed(stack.runtime) : await pickRuntime(config, environment.env);
    const tasks = await stackTasks(project, runtime, { exclude: stack.excluded, ignoreHealthCheck: false, starting: false });
    await driveRequest(session, { stream: 'stack', event: { type: 'STOP', backup: stopping ? request?.backup !== false : true } }, { tasks, renderer: 'silent', onRecover: () => undefined, reconciled: true });
    return stopping ? { outcome: 'completed' } : { outcome: 'rolled back', detail: 'what it had started is stopped' };
  },
};
