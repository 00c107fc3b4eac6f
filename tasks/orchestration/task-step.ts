/**
 * Running one task plugin as a listr2 task list. The renderer writes to stderr by default, so a
 * command's result on stdout stays clean; without a terminal listr2 falls back to its simple
 * renderer.
 */
import type { Outcome, RunOptions, StepContext, TaskPlugin } from './orchestration-types.js';

/** Runs the plugin and returns its outcomes; rethrows what the plugin throws. */
export async function runTaskStep(plugin: TaskPlugin, step: Omit<StepContext, 'task'>, options: RunOptions): Promise<Outcome[]> {
  const { Listr, ListrLogger, ProcessOutput } = await import('listr2');
  const output = (options.output ?? process.stderr) as NodeJS.WriteStream;
  const logger = new ListrLogger({ processOutput: new ProcessOutput(output, output) });
  const title = typeof plugin.title === 'function' ? plugin.title(step.view) : plugin.title;
  let outcomes: Outcome[] = [];
  const list = new Listr(
    [
      {
        title,
        task: async (_context, task) => {
          const result = await plugin.run({ ...step, task: task as StepContext['task'] });
          outcomes = result === undefined ? [] : Array.isArray(result) ? result : [result];
        },
      },
    ],
    {
      renderer: options.renderer ?? 'default',
      fallbackRenderer: 'simple',
      rendererOptions: { logger },
      fallbackRendererOptions: { logger },
      exitOnError: true,
      registerSignalListeners: false,
    } as never,
  );
  await list.run();
  return outcomes;
}
