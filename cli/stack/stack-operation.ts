/**
 * The stack commands that change it (start, db start, stop), each one recorded operation under the
 * project's lock (a second command fails at once, naming this one). The operation replays the
 * journal once and reconciles it once (run-operation.ts); that one fold, kept up to date as events
 * are appended, then answers every question the command asks: which runtime runs the stack,
 * whether the database the journal calls running still runs (LOST), what the machine accepts, and
 * what the command prints afterwards. Progress goes to stderr.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { journalOptions, recoveryEnvironment, reconcileFirst } from '../project-operation.js';
import { loadLocalProject } from './local-project.js';
import { lostEvent, runtimeFor } from './stack-session.js';
import type { RunResult } from '../../tasks/orchestration/orchestration-types.js';
import type { JournalOperation } from '../../tasks/orchestration/run-operation.js';
import type { RuntimeReality, StackProject, StackRuntime } from '../../tasks/stack/stack-runtime.js';
import type { StackProjection } from '../../machines/journal/projections/stack.projection.js';

/** A stack request: START (with its -x and --ignore-health-check) or STOP (with backup). */
export type StackRequest = { type: 'START'; ignoreHealthCheck: boolean; excluded: readonly string[] } | { type: 'STOP'; backup: boolean };

/** What a stack command's operation did. */
export interface StackOperation {
  project: StackProject;
  runtime: StackRuntime;
  result: RunResult;
  /** The stack as the journal tells it once the request settled. */
  projection: StackProjection;
  /** What a START that found the stack running started again because it had exited (native runtime). */
  revived: string[];
}

/**
 * Asks the stack machine for `request` with the runtime's plugins and drives it. A start that
 * fails runs the recovery the machine's failed state names (stopping what it had started) before
 * the error is reported; with `revive`, a START refused because the stack runs starts again what
 * has exited.
 */
export async function operateStack(ctx: CommandContext, request: StackRequest, options: { revive?: boolean } = {}): Promise<StackOperation> {
  const project = await loadLocalProject(ctx);
  const { JournalStore } = await import('../../tasks/journal/journal-store.js');
  const { runOperation } = await import('../../tasks/orchestration/run-operation.js');
  const journal = JournalStore.forProject(project.root, journalOptions(ctx));
  const params = { event: request.type === 'STOP' ? { type: 'STOP', backup: request.backup } : { type: 'START' } };
  let deferredRecoveries = 0;
  const done = await runOperation(journal, { kind: 'stack', command: `supabase ${ctx.path}`, params }, { environment: recoveryEnvironment(ctx) }, async (operation) => {
    deferredRecoveries = operation.deferredRecoveries;
    return drive(ctx, project, operation, request, options.revive === true);
  });
  // A recovery that needed the database (finishing an interrupted reset) can run now that it is up.
  if (request.type === 'START' && done.result.status === 'done' && deferredRecoveries > 0) await reconcileFirst(ctx);
  return done;
}

async function drive(ctx: CommandContext, project: StackProject, operation: JournalOperation, request: StackRequest, revive: boolean): Promise<StackOperation> {
  const { stackProjection } = await import('../../machines/journal/projections/stack.projection.js');
  const { driveRequest } = await import('../../tasks/orchestration/run-machine.js');
  const { session } = operation;
  const runtime = await runtimeFor(ctx, stackProjection(session.fold), project);
  const reality = await runtime.reality(project);
  await recordLost(ctx, operation, reality);
  const tasks = await stackTaskPlugins(ctx, project, runtime, request);
  const options = {
    tasks,
    label: `supabase ${ctx.path}`,
    renderer: ctx.io.interactive ? ('default' as const) : ('silent' as const),
    onRecover: (message: string) => ctx.io.stderr(`${message}\n`),
    reconciled: true,
  };
  const event = request.type === 'START' ? { ...request, excluded: [...request.excluded], runtime: runtime.name } : request;
  const { interruptedBy } = await import('../../tasks/orchestration/interrupts.js');
  // What to do after a failed start is the machine's: its `failed` state names the recovery
  // (a stop that keeps the data); nothing is done when the state asks for none.
  const recoverAfterStart = async (): Promise<boolean> => {
    const recover = session.view('stack').meta.recover;
    if (request.type !== 'START' || !recover) return false;
    await operation.step('stop what the failed start had started', () => driveRequest(session, { stream: 'stack', event: recover }, { ...options, renderer: 'silent' }));
    return true;
  };
  let result: RunResult;
  try {
    result = await driveRequest(session, { stream: 'stack', event }, { ...options, step: operation.step });
  } catch (error) {
    if (!interruptedBy()) await recoverAfterStart().catch(() => undefined);
    throw error;
  }
  if (result.status === 'done' && (await recoverAfterStart())) {
    const unhealthy = (result.after.snapshot.context.unhealthy as string[] | undefined) ?? [];
    throw new UserError(`service not healthy: [${unhealthy.join(' ')}]`, 'Run supabase start --ignore-health-check to keep the stack running anyway.');
  }
  const revived = revive ? await reviveIfRunning(ctx, project, runtime, operation, request, result) : [];
  return { project, runtime, result, projection: stackProjection(session.fold), revived };
}

/** Records LOST when the journal says running and the database is not (the machine takes LOST then). */
async function recordLost(ctx: CommandContext, operation: JournalOperation, reality: RuntimeReality): Promise<void> {
  const lost = await lostEvent(operation.session.fold, reality);
  if (!lost) return;
  ctx.log.debug('journal says running, but the database is not: recording LOST');
  const { driveRequest } = await import('../../tasks/orchestration/run-machine.js');
  await driveRequest(operation.session, { stream: 'stack', event: lost }, { tasks: {}, renderer: 'silent', reconciled: true }).catch(() => undefined);
}

/** The runtime's task plugins with the project's own; status lines are plain stdout lines without a terminal. */
async function stackTaskPlugins(ctx: CommandContext, project: StackProject, runtime: StackRuntime, request: StackRequest) {
  const { writeProgress } = await import('../../tasks/orchestration/task-step.js');
  const { stackTasks } = await import('../../tasks/stack/stack-tasks.js');
  return stackTasks(project, runtime, {
    exclude: request.type === 'START' ? request.excluded : [],
    ignoreHealthCheck: request.type === 'START' && request.ignoreHealthCheck,
    // Without a terminal the original prints its progress as plain lines on stdout.
    onStatus: ctx.io.interactive ? undefined : (message) => ctx.io.stdout(`${message}\n`),
    onNotice: (message) => writeProgress(message, (line) => ctx.io.stderr(`${line}\n`)),
    starting: request.type === 'START',
  });
}

/** A START refused because the stack runs: starts again what has exited, under this operation. */
async function reviveIfRunning(ctx: CommandContext, project: StackProject, runtime: StackRuntime, operation: JournalOperation, request: StackRequest, result: RunResult): Promise<string[]> {
  if (request.type !== 'START' || result.status !== 'refused') return [];
  const { startFoundRunning } = await import('../../machines/stack.machine.js');
  if (!startFoundRunning(String(result.before.snapshot.value))) return [];
  const { reviveStack } = await import('./stack-revive.js');
  return reviveStack(runtime, project, operation.session, (message) => ctx.io.stderr(`${message}\n`));
}
