/**
 * One command's dealings with the local stack: the project, its journal, the runtime's task
 * plugins, and the check of the journal against reality that every stack command starts with.
 */
import type { CommandContext } from '../context.js';
import { chooseRuntime, loadLocalProject, type LocalProject } from './local-project.js';
import type { JournalStore } from '../../tasks/journal/journal-store.js';
import type { RunResult } from '../../tasks/orchestration/orchestration-types.js';
import type { StackProjection } from '../../machines/journal/projections/stack.projection.js';
import type { NativeStartResult, NativeStatus } from '../../tasks/native/native-runtime.js';

export interface StackSession {
  ctx: CommandContext;
  project: LocalProject;
  journal: JournalStore;
  /** The stack as the journal tells it, after reconciling with reality. */
  projection: StackProjection;
  /** What the runtime says right now. */
  reality: NativeStatus;
}

export interface StackRunOptions {
  /** `-x` values (short image names). */
  exclude?: readonly string[];
  onStarted?: (result: NativeStartResult) => void;
}

/** Opens the project's stack: config, runtime, journal; records a database found gone as LOST. */
export async function openStack(ctx: CommandContext): Promise<StackSession> {
  const project = await loadLocalProject(ctx);
  await chooseRuntime(ctx, project);
  const { JournalStore } = await import('../../tasks/journal/journal-store.js');
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const { nativeRuntime } = await import('../../tasks/native/native-runtime.js');
  const journal = JournalStore.forProject(project.root);
  const reality = await nativeRuntime.status(project.config.project_id, project.config, { env: project.env });
  let projection = stackProjection(journal.replay().fold);
  if (projection.state === 'running' && reality.state !== 'running') {
    ctx.log.debug(`journal says running, but the database is ${reality.state}: recording LOST`);
    await runStack({ ctx, project, journal }, { type: 'LOST', reason: `the database process is ${reality.state === 'absent' ? 'gone, with its data' : 'not running'}` });
    projection = stackProjection(journal.replay().fold);
  }
  return { ctx, project, journal, projection, reality };
}

/** Sends one event to the stack machine with the native runtime's plugins; progress goes to stderr. */
export async function runStack(
  session: Pick<StackSession, 'ctx' | 'project' | 'journal'>,
  event: { type: string } & Record<string, unknown>,
  options: StackRunOptions = {},
): Promise<RunResult> {
  const { ctx, project, journal } = session;
  const { runMachine } = await import('../../tasks/orchestration/run-machine.js');
  const { nativeStackPlugins } = await import('../../tasks/stack/native-stack-plugins.js');
  const tasks = nativeStackPlugins(project, {
    exclude: options.exclude ?? [],
    // Without a terminal the original prints its progress as plain lines on stdout.
    onStatus: ctx.io.interactive ? undefined : (message) => ctx.io.stdout(`${message}\n`),
    onNotice: (message) => ctx.io.stderr(`${message}\n`),
    onStarted: options.onStarted,
  });
  // A second command on the same project fails at once, naming the one at work (a TaskError).
  return runMachine(journal, { stream: 'stack', event }, {
    tasks,
    label: `supabase ${ctx.path}`,
    renderer: ctx.io.interactive ? 'default' : 'silent',
    onRecover: (message) => ctx.io.stderr(`${message}\n`),
  });
}
