/**
 * The error every native API service throws for a request it refuses: an HTTP status and the body
 * the original service would write. The REST service writes PostgREST's shape (`{code, details,
 * hint, message}`); a handler that throws anything else is a 500 of that request, never the
 * process's end (the gateway catches it).
 */
export interface ApiErrorBody {
  code: string;
  message: string;
  /** Text, or (PGRST201, an ambiguous embed) the list of candidate relationships, written as a JSON array. */
  details: string | null | Array<Record<string, string>>;
  hint: string | null;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    /** Headers the original sends with this error (`WWW-Authenticate` on a 401, say). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

/** A PostgREST error: `code` is its PGRST code or a SQLSTATE. */
export function restError(status: number, code: string, message: string, details: ApiErrorBody['details'] = null, hint: string | null = null, headers: Readonly<Record<string, string>> = {}): ApiError {
  return new ApiError(status, { code, message, details, hint }, headers);
}
