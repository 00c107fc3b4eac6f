/**
 * The SQL steps of a command (each migration file, the seed, the custom roles, pgTAP) as listr2
 * tasks, so a user reads them as a progress list. Where they show depends on where the command is:
 * - inside a running task of a terminal's task list (`start`): subtasks under that task;
 * - in a terminal the command handed over with `prepareSqlSteps` (`db reset`, `migration up` ...):
 *   a list of their own, drawn by listr2's default renderer;
 * - otherwise (plain output): the plain-lines renderer below, which writes the title of each
 *   step as it starts through the command's notice function, which are the very lines the
 *   original prints ("Applying migration <file>..."). A `quiet` step's title shows only in a terminal.
 * The first failure stops the list and is rethrown as it was thrown: the command says it once.
 */
import type * as Listr2Module from 'listr2';
import type { ListrTask } from 'listr2';
import { liveParentTask } from './task-step.js';
import { plainLines } from './task-tree.js';

/** One SQL step. */
export interface SqlStep {
  /** What the user reads: `Applying migration <file>...`, `Seeding data supabase/seed.sql...`. */
  title: string;
  /** Runs the step; a string it returns is the title the finished step keeps (a verdict, say). */
  run: () => Promise<void | string>;
  /** Show the title only in a terminal's list (plain output prints nothing for it). */
  quiet?: boolean;
}

/** Where a command's own SQL step lists draw when its stderr is a terminal. */
let terminal: NodeJS.WriteStream | undefined;

let loading: Promise<Listr2> | undefined;

/** listr2, loaded once; `prepareSqlSteps` starts it early so it loads while the database works. */
function listr2Module(): Promise<Listr2> {
  return (loading ??= import('listr2'));
}

/**
 * Called as a command that runs SQL steps begins: listr2 starts loading in the background (a
 * command waits on the database long before its first step), and the lists may draw on `stream`
 * (the command's stderr) when it is a terminal.
 */
export function prepareSqlSteps(stream: NodeJS.WriteStream | undefined): void {
  terminal = stream?.isTTY ? stream : undefined;
  listr2Module().catch(() => undefined);
}

/** Runs `steps` in order as listr2 tasks; the first failure stops them and is rethrown. */
export async function runSqlSteps(steps: SqlStep[], notice: (line: string) => void): Promise<void> {
  if (steps.length === 0) return;
  const listr2 = await listr2Module();
  let failure: { error: unknown } | undefined;
  // listr2 reports a failed task its own way; the step's error is kept so it is rethrown unchanged.
  const guarded: ListrTask[] = steps.map((step) => ({
    title: step.title,
    task: async (_context, task) => {
      try {
        const title = await step.run();
        if (typeof title === 'string') task.title = title;
      } catch (error) {
        failure = { error };
        throw error;
      }
    },
    rendererOptions: { quiet: step.quiet === true },
  }));
  const parent = liveParentTask();
  try {
    if (parent) {
      // As listr2 does with a task that returns a list: the parent's renderer draws the subtasks,
      // each list itself draws nothing. One list per step, added as it starts, so a step's title
      // shows once it runs, as its plain line would. Kept after the parent ends (collapseSubtasks: false there).
      for (const task of guarded) {
        const list = parent.newListr([task], { exitOnError: true });
        list.rendererClass = listr2.SilentRenderer;
        parent.task.subtasks = [...(parent.task.subtasks ?? []), ...list.tasks] as typeof parent.task.subtasks;
        parent.task.emit(listr2.ListrTaskEventType.SUBTASK, parent.task.subtasks);
        await list.run();
      }
    } else if (terminal) {
      const logger = new listr2.ListrLogger({ processOutput: new listr2.ProcessOutput(terminal, terminal) });
      await new listr2.Listr(guarded, {
        renderer: 'default',
        rendererOptions: { logger, showErrorMessage: false, collapseSubtasks: false },
        // listr2 falls back when stdout is not a terminal, even though the list draws on stderr.
        fallbackRenderer: plainLines(listr2, notice),
        exitOnError: true,
        registerSignalListeners: false,
      }).run();
    } else {
      await new listr2.Listr(guarded, {
        renderer: plainLines(listr2, notice),
        exitOnError: true,
        registerSignalListeners: false,
      }).run();
    }
  } catch (error) {
    throw failure ? failure.error : error;
  }
}

type Listr2 = typeof Listr2Module;
