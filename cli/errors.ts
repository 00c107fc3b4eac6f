/**
 * The tool's error hierarchy. Handlers throw these; the one top-level handler in main.ts prints
 * them and picks the exit code. Anything else that escapes is an internal error.
 */

/** A failure the user can act on: one line saying what went wrong, and optionally what to do. */
export class UserError extends Error {
  readonly exitCode: number = 1;
  constructor(
    message: string,
    readonly suggestion?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'UserError';
  }
}

/** The command line itself is wrong (unknown flag, bad value, wrong argument count): exit code 2. */
export class UsageError extends UserError {
  override readonly exitCode = 2;
  constructor(message: string, suggestion?: string) {
    super(message, suggestion);
    this.name = 'UsageError';
  }
}

/** The command exists and parsed, but its behaviour has not landed in this build. */
export class NotAvailableError extends UserError {
  constructor(commandLine: string) {
    super(`${commandLine} is not available in this build yet.`);
    this.name = 'NotAvailableError';
  }
}

/**
 * Wraps a lower-level failure as "failed to <verb>: <cause>", keeping the cause for the debug
 * log and the ticket.
 */
export function failedTo(verb: string, cause: unknown, suggestion?: string): UserError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new UserError(`failed to ${verb}: ${reason}`, suggestion, { cause });
}

/**
 * Whether a thrown value is one of ours. Structural as well as nominal, because a test runner or
 * a bundler can load this module twice, and then `instanceof` alone would miss.
 */
export function isUserError(value: unknown): value is UserError {
  return value instanceof UserError ||
    (value instanceof Error && ['UserError', 'UsageError', 'NotAvailableError'].includes(value.name) &&
      typeof (value as { exitCode?: unknown }).exitCode === 'number');
}
