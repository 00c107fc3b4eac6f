/**
 * The one message every command gives when it needs the local database and the stack is down,
 * in the original's words, with the one fix.
 */
import { portAnswers } from '../net/port-answers.js';
import { TaskError } from '../task-error.js';

/** The original's message for a local stack that is down. */
export const NOT_RUNNING = 'supabase start is not running.';

/** The error for a local stack that is down. */
export function stackNotRunning(cause?: unknown): TaskError {
  return new TaskError(NOT_RUNNING, 'Run supabase start to start the local stack.', cause === undefined ? undefined : { cause });
}

/** Throws the not-running error unless the local database's port answers (a refused port says it at once). */
export async function assertLocalDatabaseUp(port: number, host = '127.0.0.1'): Promise<void> {
  if (!(await portAnswers(host, port))) throw stackNotRunning();
}
