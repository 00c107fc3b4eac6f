/**
 * One command's dealings with the local stack: the project, its journal, the runtime, and the
 * check of the journal against reality that every stack command starts with.
 */
import type { CommandContext } from '../context.js';
import { journalOptions, reconcileFirst } from '../project-operation.js';
import { loadLocalProject } from './local-project.js';
import type { JournalStore } from '../../tasks/journal/journal-store.js';
import type { RuntimeReality, StackProject, StackRuntime } from '../../tasks/stack/stack-runtime.js';
import type { StackProjection } from '../../machines/journal/projections/stack.projection.js';
import type { FoldState } from '../../machines/journal/fold.js';

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
 * Opens the project's stack, for a command that only looks at it (status, functions serve). What
 * an earlier command left unfinished is completed or rolled back first. A database found gone is
 * recorded as LOST.
 */
export async function openStack(ctx: CommandContext): Promise<StackSession> {
  const project = await loadLocalProject(ctx);
  await reconcileFirst(ctx);
  const { JournalStore } = await import('../../tasks/journal/journal-store.js');
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const journal = JournalStore.forProject(project.root, journalOptions(ctx));
  const { fold } = journal.replay();
  let projection = stackProjection(fold);
  const runtime = await runtimeFor(ctx, projection, project);
  const reality = await runtime.reality(project);
  const lost = await lostEvent(fold, reality);
  if (lost) {
    ctx.log.debug('journal says running, but the database is not: recording LOST');
    const { runMachine } = await import('../../tasks/orchestration/run-machine.js');
    await runMachine(journal, { stream: 'stack', event: lost }, { tasks: {}, label: `supabase ${ctx.path}`, renderer: 'silent' }).catch(() => undefined);
    projection = stackProjection(journal.replay().fold);
  }
  return { ctx, project, journal, runtime, projection, reality };
}

/**
 * The runtime of the project's stack: the one that started the stack the journal knows, otherwise
 * the configured choice.
 */
export async function runtimeFor(ctx: CommandContext, projection: StackProjection, project: StackProject): Promise<StackRuntime> {
  const { pickRuntime, runtimeNamed } = await import('../../tasks/stack/pick-runtime.js');
  const known = projection.runtime === 'docker' || projection.runtime === 'native';
  const runtime = known && projection.value !== 'stopped.noData'
    ? await runtimeNamed(projection.runtime as 'docker' | 'native')
    : await pickRuntime(project.config, project.env);
  ctx.log.debug(`runtime: ${runtime.name}`);
  return runtime;
}

/**
 * The LOST event to record when the database is not running, if the stack machine takes it here
 * (it does while the journal says the stack runs); else undefined.
 */
export async function lostEvent(fold: FoldState, reality: RuntimeReality): Promise<{ type: 'LOST'; reason: string } | undefined> {
  if (reality.running) return undefined;
  const { accepts, viewOf } = await import('../../machines/journal/state-view.js');
  const lost = { type: 'LOST' as const, reason: reality.dataKept ? 'the database is not running' : 'the database is gone, with its data' };
  return accepts(viewOf(fold, 'stack'), lost) ? lost : undefined;
}
