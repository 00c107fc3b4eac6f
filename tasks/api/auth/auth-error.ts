/**
 * GoTrue v2.132.3's three error bodies, each thrown as an AuthError and written by the service as
 * GoTrue's handleError writes it:
 * - HTTPError `{code, msg}` at its own status (most refusals; a 5xx adds `error_id`, the request id),
 *   with `weak_password: {reasons}` for a password the strength check refuses (422);
 * - OAuthError `{error, error_description}`, always 400 (the token endpoint's grant refusals);
 * - OTPError, the same shape (the OTP flows of part 2).
 * gotrue-js reads `msg`, `error_description` or `error` into `AuthApiError.message`, so the words
 * here are the ones an application shows.
 */
import { randomUUID } from 'node:crypto';

export type AuthErrorBody =
  | { code: number; msg: string; error_id?: string; weak_password?: { reasons: string[] } }
  | { error: string; error_description?: string };

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly body: AuthErrorBody,
    /** Headers GoTrue sends with it (none so far; kept for the flows that add some). */
    readonly headers: Readonly<Record<string, string>> = {},
    /** What failed underneath (GoTrue's InternalError): a database error here may be answered instead. */
    readonly internal?: unknown,
  ) {
    super('msg' in body ? body.msg : `${body.error}: ${body.error_description ?? ''}`);
    this.name = 'AuthError';
  }
}

/** GoTrue's httpError: `{code, msg}`; 5xx errors carry an `error_id` as GoTrue's do. */
export function httpError(status: number, msg: string): AuthError {
  return new AuthError(status, status >= 500 ? { code: status, msg, error_id: randomUUID() } : { code: status, msg });
}

export const badRequest = (msg: string): AuthError => httpError(400, msg);
export const unauthorized = (msg: string): AuthError => httpError(401, msg);
export const forbidden = (msg: string): AuthError => httpError(403, msg);
export const notFound = (msg: string): AuthError => httpError(404, msg);
export const unprocessable = (msg: string): AuthError => httpError(422, msg);
export const tooManyRequests = (msg: string): AuthError => httpError(429, msg);
export const conflict = (msg: string): AuthError => httpError(409, msg);
export const internalError = (msg: string): AuthError => httpError(500, msg);

/** GoTrue's oauthError: always answered 400; an empty description is left out (omitempty). */
export function oauthError(error: string, description = ''): AuthError {
  return new AuthError(400, description ? { error, error_description: description } : { error });
}

/** GoTrue's OTPError: the OAuth shape, also 400. */
export const otpError = oauthError;

/** The 422 of GoTrue's password strength check, with the reasons it lists. */
export function weakPassword(msg: string, reasons: string[]): AuthError {
  return new AuthError(422, { code: 422, msg, weak_password: { reasons } });
}

/** What GoTrue writes for a failure it did not foresee: it hides the cause behind an error id. */
export function unhandledError(): AuthError {
  return new AuthError(500, { code: 500, msg: 'Internal server error', error_id: randomUUID() });
}

/** GoTrue's WithInternalError: the same error, remembering its cause. */
export function withCause(error: AuthError, cause: unknown): AuthError {
  return new AuthError(error.status, error.body, error.headers, cause);
}
