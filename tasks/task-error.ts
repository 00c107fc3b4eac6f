/**
 * The error type of the effect layer. Tasks must not import cli/, so they cannot throw the CLI's
 * UserError; they throw this instead, and the CLI maps it one to one (message, suggestion, cause)
 * onto a UserError. Anything else a task throws is a bug.
 */

/** A failure the user can act on, raised below the CLI layer. */
export class TaskError extends Error {
  constructor(
    message: string,
    readonly suggestion?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TaskError';
  }
}

/** Whether a value is a TaskError (also across duplicated module instances, e.g. tsx and dist). */
export function isTaskError(value: unknown): value is TaskError {
  return value instanceof TaskError || (value instanceof Error && value.name === 'TaskError');
}

/** The message of any thrown value, for wrapping as "failed to <verb>: <cause>". */
export function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
