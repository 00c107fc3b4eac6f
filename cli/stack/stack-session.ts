/**
 * One command's dealings with the local stack: the project, its journal, the runtime, and the
 * check of the journal against reality that every stack command starts with.
 */
import type { CommandContext } from '../context.js';
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
 * Opens the project's stack. A stack the journal knows is handled by the runtime that started
 * it; otherwise the configured choice decides. A database found gone is recorded as LOST.
 */
export async function openStack(ctx: CommandContext): Promise<StackSession> {
  const project = await loadLocalProject(ctx);
  const { JournalStore } = await import('../../tasks/journal/journal-store.js');
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const { pickRuntime, runtimeNamed } = await import('../../tasks/stack/pick-runtime.js');
  const journal = JournalStore.forProject(project.root);
  let projection = stackProjection(journal.replay().fold);
  const known = projection.runtime === 'docker' || projection.runtime === 'native';
  const runtime = known && projection.value !== 'stopped.noData'
    ? await runtimeNamed(projection.runtime as 'docker' | 'native')
    : await pickRuntime(project.config, project.env);
  ctx.log.debug(`runtime: ${runtime.name}`);
  const reality = await runtime.reality(project);
  if (projection.state === 'running' && !reality.running) {
    ctx.log.debug('journal says running, but the database is not: recording LOST');
    await runStack({ ctx, project, journal, runtime }, { type: 'LOST', reason: reality.dataKept ? 'the database is not running' : 'the database is gone, with its data' });
    projection = stackProjection(journal.replay().fold);
  }
  return { ctx, project, journal, runtime, projection, reality };
}

/** Sends one event to the stack machine with the runtime's plugins; progress goes to stderr. */
export async function runStack(
  session: Pick<StackSession, 'ctx' | 'project' | 'journal' | 'runtime'>,
  event: { type: string } & Record<string, unknown>,
  exclude: readonly string[] = [],
): Promise<RunResult> {
  const { ctx, project, journal, runtime } = session;
  const { runMachine } = await import('../../tasks/orchestration/run-machine.js');
  const { loadProjectPlugins, withProjectPlugins } = await import('../../tasks/stack/project-plugins.js');
  const notice = (message: string) => ctx.io.stderr(`${message}\n`);
  const runtimeTasks = runtime.plugins(project, {
    exclude,
    ignoreHealthCheck: event.ignoreHealthCheck === true,
    // Without a terminal the original prints its progress as plain lines on stdout.
    onStatus: ctx.io.interactive ? undefined : (message) => ctx.io.stdout(`${message}\n`),
    onNotice: notice,
  });
  // A plugin that cannot load stops a start, but never a stop or a clean-up.
  const plugins = await loadProjectPlugins(project).catch((error: Error) => {
    if (event.type === 'START') throw error;
    notice(error.message);
    return [];
  });
  const tasks = withProjectPlugins(runtimeTasks, project, plugins, notice);
  // A second command on the same project fails at once, naming the one at work (a TaskError).
  return runMachine(journal, { stream: 'stack', event }, {
    tasks,
    label: `supabase ${ctx.path}`,
    renderer: ctx.io.interactive ? 'default' : 'silent',
    onRecover: (message) => ctx.io.stderr(`${message}\n`),
  });
}
