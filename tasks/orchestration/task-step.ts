/**
 * Running one task plugin as a listr2 task list. The renderer writes to stderr by default, so a
 * command's result on stdout stays clean; without a terminal listr2 falls back to its simple
 * renderer. In a terminal, lines a task reports while it runs (`Applying migration ...`) go under
 * its title, where the renderer keeps them, instead of being written over the spinner; a failure
 * keeps the title and is said once, by the command's error message.
 */
import type { Outcome, RunOptions, StepContext, TaskPlugin } from './orchestration-types.js';

let liveTask: StepContext['task'] | undefined;

/** Writes a progress line under the running task's title in a terminal, else through `fallback`. */
export function writeProgress(message: string, fallback: (message: string) => void): void {
  if (liveTask) liveTask.output = message;
  else fallback(message);
}

/** The task running in a terminal's list now, if any: SQL steps go under it (sql-steps.ts). */
export function liveParentTask(): StepContext['task'] | undefined {
  return liveTask;
}

/**
 * Runs `work` with `task` as the running task in a terminal's list (when one is drawn), so the SQL
 * steps it runs go under that subtask instead of under the whole task.
 */
export async function underLiveTask<T>(task: StepContext['task'], work: () => Promise<T>): Promise<T> {
  const outer = liveTask;
  if (!outer) return work();
  liveTask = task;
  try {
    return await work();
  } finally {
    liveTask = outer;
  }
}

/** Runs the plugin and returns its outcomes; rethrows what the plugin throws. */
export async function runTaskStep(plugin: TaskPlugin, step: Omit<StepContext, 'task'>, options: RunOptions): Promise<Outcome[]> {
  const { Listr, ListrLogger, ProcessOutput } = await import('listr2');
  const output = (options.output ?? process.stderr) as NodeJS.WriteStream;
  const logger = new ListrLogger({ processOutput: new ProcessOutput(output, output) });
  const title = typeof plugin.title === 'function' ? plugin.title(step.view) : plugin.title;
  const live = (options.renderer ?? 'default') === 'default' && output.isTTY === true;
  let outcomes: Outcome[] = [];
  const list = new Listr(
    [
      {
        title,
        task: async (_context, task) => {
          if (live) liveTask = task as StepContext['task'];
          try {
            const result = await plugin.run({ ...step, task: task as StepContext['task'] });
            outcomes = result === undefined ? [] : Array.isArray(result) ? result : [result];
          } finally {
            liveTask = undefined;
          }
        },
        rendererOptions: { outputBar: Infinity, persistentOutput: true },
      },
    ],
    {
      renderer: options.renderer ?? 'default',
      fallbackRenderer: 'simple',
      // Subtasks (the SQL steps, sql-steps.ts) stay on screen once the task is done, as its output lines did.
      rendererOptions: { logger, showErrorMessage: false, collapseSubtasks: false },
      fallbackRendererOptions: { logger },
      exitOnError: true,
      registerSignalListeners: false,
    } as never,
  );
  await list.run();
  return outcomes;
}
