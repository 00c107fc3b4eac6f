/**
 * Steps of an effect as a tree of listr2 tasks (the docker runtime's start: pull each image, create
 * and start each container, wait for each to be healthy), drawn where the command draws:
 * - inside a running task of a terminal's task list: subtasks under that task, drawn by its renderer;
 * - otherwise (plain output): the plain-lines renderer below, which hands the title of each step
 *   to `plain` as it starts, nested steps included: the very lines the original prints
 *   (`Starting database...`). A `quiet` step's title shows only in a terminal.
 * A step that throws is marked failed by listr2 and the error is rethrown as it was thrown: the
 * command says it once.
 */
import type * as Listr2Module from 'listr2';
import type { ListrRenderer, ListrTask, ListrTaskWrapper } from 'listr2';
import { liveParentTask, underLiveTask } from './task-step.js';

/** A step's task as its function sees it. */
export type StepTask = ListrTaskWrapper<unknown, typeof ListrRenderer, typeof ListrRenderer>;

/** One step: what the user reads, whether plain output prints it, and its work (which may add steps under it). */
export interface TreeStep {
  title: string;
  /** Show the title only in a terminal's list. */
  quiet?: boolean;
  run: (task: StepTask) => Promise<void>;
}

type Listr2 = typeof Listr2Module;

/** Runs `steps` in order; the first failure stops them and is rethrown unchanged. */
export async function runTaskTree(steps: TreeStep[], plain: (line: string) => void): Promise<void> {
  const listr2 = await import('listr2');
  const failure: { error?: unknown } = {};
  const tasks = steps.map((step) => asListrTask(step, failure));
  const parent = liveParentTask();
  try {
    if (parent) await attachedList(listr2, parent as unknown as StepTask, tasks, { exitOnError: true }).run();
    else await new listr2.Listr(tasks, { renderer: plainLines(listr2, plain), exitOnError: true, registerSignalListeners: false }).run();
  } catch (error) {
    throw 'error' in failure ? failure.error : error;
  }
}

/**
 * Runs `steps` under a step. Concurrent steps all run to their end even when one fails (each is
 * marked on its own) and their errors come back in the order of `steps`; steps in order stop at
 * the first failure, which is rethrown unchanged.
 */
export async function runSubsteps(task: StepTask, steps: TreeStep[], options: { concurrent: boolean }): Promise<Array<unknown | undefined>> {
  const listr2 = await import('listr2');
  const errors: Array<unknown | undefined> = steps.map(() => undefined);
  const tasks = steps.map((step, index): ListrTask => ({
    title: step.title,
    task: async (_context, subtask) => {
      try {
        await step.run(subtask as unknown as StepTask);
      } catch (error) {
        errors[index] = error;
        throw error;
      }
    },
    rendererOptions: rendererOptionsOf(step),
  }));
  try {
    await attachedList(listr2, task, tasks, { exitOnError: !options.concurrent, concurrent: options.concurrent }).run();
  } catch (error) {
    throw errors.find((found) => found !== undefined) ?? error;
  }
  return errors;
}

/**
 * What a step tells the renderers: whether plain output prints its title, and, in a terminal,
 * that lines written under it (a retry, a container's logs) stay once it ends, as under the stack's task.
 */
function rendererOptionsOf(step: TreeStep): Record<string, unknown> {
  return { quiet: step.quiet === true, outputBar: Infinity, persistentOutput: true };
}

/** Throws the first of `errors` there is. */
export function throwFirst(errors: Array<unknown | undefined>): void {
  const first = errors.find((error) => error !== undefined);
  if (first !== undefined) throw first;
}

/** listr2's task for a step; what it throws is kept in `failure`, so it is rethrown as thrown. */
function asListrTask(step: TreeStep, failure: { error?: unknown }): ListrTask {
  return {
    title: step.title,
    task: async (_context, task) => {
      try {
        // In a terminal, SQL steps the work runs (sql-steps.ts) are drawn under this step.
        await underLiveTask(task as never, () => step.run(task as unknown as StepTask));
      } catch (error) {
        failure.error ??= error;
        throw error;
      }
    },
    rendererOptions: rendererOptionsOf(step),
  };
}

/**
 * A list whose tasks are the subtasks of `parent`, as listr2 makes them of a task that returns a
 * list: the parent's renderer draws them (the list itself draws nothing), and they stay on screen.
 */
function attachedList(listr2: Listr2, parent: StepTask, tasks: ListrTask[], options: { exitOnError: boolean; concurrent?: boolean }) {
  const list = parent.newListr(tasks, { ...options, registerSignalListeners: false } as never);
  list.rendererClass = listr2.SilentRenderer;
  parent.task.subtasks = [...(parent.task.subtasks ?? []), ...list.tasks] as typeof parent.task.subtasks;
  parent.task.emit(listr2.ListrTaskEventType.SUBTASK, parent.task.subtasks);
  return list;
}

/** listr2's renderer for plain output: each step's title, once, as it starts; subtasks too. */
export function plainLines(listr2: Listr2, plain: (line: string) => void): typeof ListrRenderer {
  type RendererTask = ConstructorParameters<typeof ListrRenderer>[0][number];
  const watch = (tasks: readonly RendererTask[], seen: Set<RendererTask>): void => {
    for (const task of tasks) {
      if (seen.has(task)) continue;
      seen.add(task);
      task.on(listr2.ListrTaskEventType.STATE, (state) => {
        const quiet = (task.rendererTaskOptions as { quiet?: boolean } | undefined)?.quiet;
        if (state === listr2.ListrTaskState.STARTED && task.title && !quiet) plain(task.title);
      });
      task.on(listr2.ListrTaskEventType.SUBTASK, (subtasks) => watch(subtasks, seen));
    }
  };
  return class PlainLines {
    static nonTTY = true;
    static rendererOptions = {};
    static rendererTaskOptions = {};
    constructor(private readonly tasks: ConstructorParameters<typeof ListrRenderer>[0]) {}
    render(): void {
      watch(this.tasks, new Set());
    }
    end(): void {}
  } as unknown as typeof ListrRenderer;
}
