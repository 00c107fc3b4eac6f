/**
 * One command's dealings with the local stack: the project, its journal, the runtime, and the
 * check of the journal against reality that every stack command starts with.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { journalWarning, recoveryEnvironment, reconcileFirst } from '../project-operation.js';
import { loadLocalProject } from './local-project.js';
import type { JournalStore } from '../../tasks/journal/journal-store.js';
import type { RunResult } from '../../tasks/orchestration/orchestration-types.js';
import type { RuntimeReality, StackProject, StackRuntime } from '../../tasks/stack/stack-runtime.js';
import type { StackProjection } from '../../machines/journal/projections/stack.projection.js';

export interface StackSession {
  ctx: CommandContext;
  project: StackProject;
  journal: JournalStore;
  runtime: StackRuntime;
  /** The stack as the journal tells it, after reconciling with reality. */
  projection: StackProjection;
  /** What the runtime finds right now. */
  reality: RuntimeReality;
}

/**
 * Opens the project's stack. What an earlier command left unfinished is completed or rolled back
 * first. A stack the journal knows is handled by the runtime that started it; otherwise the
 * configured choice decides. A database found gone is recorded as LOST.
 */
export async function openStack(ctx: CommandContext): Promise<StackSession> {
  const project = await loadLocalProject(ctx);
  await reconcileFirst(ctx);
  const { JournalStore } = await import('../../tasks/journal/journal-store.js');
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const { pickRuntime, runtimeNamed } = await import('../../tasks/stack/pick-runtime.js');
  const journal = JournalStore.forProject(project.root, { warn: journalWarning(ctx) });
  let projection = stackProjection(journal.replay().fold);
  const known = projection.runtime === 'docker' || projection.runtime === 'native';
  const runtime = known && projection.value !== 'stopped.noData'
    ? await runtimeNamed(projection.runtime as 'docker' | 'native')
    : await pickRuntime(project.config, project.env);
  ctx.log.debug(`runtime: ${runtime.name}`);
  const reality = await runtime.reality(project);
  if (projection.state === 'running' && !reality.running) {
    ctx.log.debug('journal says running, but the database is not: recording LOST');
    const { runMachine } = await import('../../tasks/orchestration/run-machine.js');
    const reason = reality.dataKept ? 'the database is not running' : 'the database is gone, with its data';
    await runMachine(journal, { stream: 'stack', event: { type: 'LOST', reason } }, { tasks: {}, label: `supabase ${ctx.path}`, renderer: 'silent' }).catch(() => undefined);
    projection = stackProjection(journal.replay().fold);
  }
  return { ctx, project, journal, runtime, projection, reality };
}

/**
 * Sends one event to the stack machine with the runtime's plugins, as a recorded operation under
 * the project's lock (a second command fails at once, naming this one); progress goes to stderr.
 * A start that fails runs the recovery the machine's failed state names (stopping what it had
 * started) before the error is reported.
 */
export async function runStack(
  session: Pick<StackSession, 'ctx' | 'project' | 'journal' | 'runtime'>,
  event: { type: string } & Record<string, unknown>,
  exclude: readonly string[] = [],
): Promise<RunResult> {
  const { ctx, project, journal, runtime } = session;
  const { runOperation } = await import('../../tasks/orchestration/run-operation.js');
  const { driveRequest } = await import('../../tasks/orchestration/run-machine.js');
  const { writeProgress } = await import('../../tasks/orchestration/task-step.js');
  const { stackTasks } = await import('../../tasks/stack/stack-tasks.js');
  const notice = (message: string) => writeProgress(message, (line) => ctx.io.stderr(`${line}\n`));
  const tasks = await stackTasks(project, runtime, {
    exclude,
    ignoreHealthCheck: event.ignoreHealthCheck === true,
    // Without a terminal the original prints its progress as plain lines on stdout.
    onStatus: ctx.io.interactive ? undefined : (message) => ctx.io.stdout(`${message}\n`),
    onNotice: notice,
    starting: event.type === 'START',
  });
  const options = {
    tasks,
    label: `supabase ${ctx.path}`,
    renderer: ctx.io.interactive ? ('default' as const) : ('silent' as const),
    onRecover: (message: string) => ctx.io.stderr(`${message}\n`),
    reconciled: true,
  };
  const params = { event: { type: event.type, ...(event.type === 'STOP' ? { backup: event.backup !== false } : {}) } };
  const result = await runOperation(journal, { kind: 'stack', command: `supabase ${ctx.path}`, params }, { environment: recoveryEnvironment(ctx) }, async (operation) => {
    const { interruptedBy } = await import('../../tasks/orchestration/interrupts.js');
    // What to do after a failed start is the machine's: its `failed` state names the recovery
    // (a stop that keeps the data); nothing is done when the state asks for none.
    const recoverAfterStart = async (): Promise<boolean> => {
      const recover = operation.session.view('stack').meta.recover;
      if (event.type !== 'START' || !recover) return false;
      await operation.step('stop what the failed start had started', () =>
        driveRequest(operation.session, { stream: 'stack', event: recover }, { ...options, renderer: 'silent' }),
      );
      return true;
    };
    let run: RunResult;
    try {
      run = await driveRequest(operation.session, { stream: 'stack', event }, { ...options, step: operation.step });
    } catch (error) {
      if (!interruptedBy()) await recoverAfterStart().catch(() => undefined);
      throw error;
    }
    if (run.status === 'done' && (await recoverAfterStart())) {
      const unhealthy = (run.after.snapshot.context.unhealthy as string[] | undefined) ?? [];
      throw new UserError(`service not healthy: [${unhealthy.join(' ')}]`, 'Run supabase start --ignore-health-check to keep the stack running anyway.');
    }
    return run;
  });
  // A recovery that needed the database (finishing an interrupted reset) can run now that it is up.
  if (event.type === 'START' && result.status === 'done') await reconcileFirst(ctx);
  return result;
}
