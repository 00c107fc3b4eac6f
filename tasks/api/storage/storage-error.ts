/**
 * storage-api v0.46.4's errors: a body of `{statusCode, error, message}` with the status code as a
 * string, sent with an HTTP status that is NOT always that code. Its error handler answers 500 for
 * a 500 and 400 for every other code unless the error was made "with status code" (then that one):
 * a missing object is HTTP 400 with `"statusCode": "404"` in the body, and clients read the body.
 */

export interface StorageErrorBody {
  statusCode: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  constructor(
    /** The code written in the body. */
    readonly code: number,
    /** storage-api's `error` member (its error's name). */
    readonly error: string,
    message: string,
    /** The HTTP status; undefined follows storage-api's rule (500 stays, the rest is 400). */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  /** The HTTP status the response goes out with. */
  get status(): number {
    return this.httpStatus ?? (this.code === 500 ? 500 : 400);
  }

  get body(): StorageErrorBody {
    return { statusCode: String(this.code), error: this.error, message: this.message };
  }
}

/** storage-api's StorageBackendError: the body's code is the error's, the HTTP status follows the rule. */
export function backendError(error: string, code: number, message: string): StorageError {
  return new StorageError(code, error, message);
}

/** StorageBackendError.withStatusCode: the HTTP status is the code itself. */
export function errorWithStatus(error: string, code: number, message: string): StorageError {
  return new StorageError(code, error, message, code);
}

export const bucketNotFound = (): StorageError => new StorageError(404, 'Bucket not found', 'Bucket not found');
export const objectNotFound = (): StorageError => new StorageError(404, 'not_found', 'Object not found');

/** What storage-api makes of an error the database raised (its DBError.fromDBError). */
export function fromDatabaseError(error: { code?: string; message: string }): StorageError {
  switch (error.code) {
    case '42501':
      return new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
    case '23505':
      return new StorageError(409, 'Duplicate', 'The resource already exists');
    case '23503':
      return new StorageError(404, 'Not Found', 'The parent resource is not found');
    case '55P03':
      return new StorageError(400, 'resource_locked', 'Resource Locked, an upload might be in progress for this resource');
    default:
      return new StorageError(500, 'internal', 'Internal Server Error');
  }
}

/** Whether an error came from the server with a SQLSTATE (as against the connection failing). */
export function isDatabaseError(error: unknown): error is { code: string; message: string } {
  return typeof error === 'object' && error !== null && 'severity' in error && typeof (error as { code?: unknown }).code === 'string';
}
