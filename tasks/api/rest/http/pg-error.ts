/**
 * A database error as PostgREST v12.0.1 answers it (its Error.hs): the body is the server's own
 * `{code, message, details, hint}`, the HTTP status comes from the SQLSTATE by PostgREST's table
 * (23505 -> 409, 42501 -> 401 for the anonymous role and 403 otherwise, 42P01 -> 404, P0001 ->
 * 400, `PT4xx` -> that status, ...); `raise sqlstate 'PGRST'` with a JSON message and detail takes
 * full control of the code, status and headers; a connection that fails is 503 (PGRST000/001)
 * and a pool that stays full is 504 (PGRST003).
 */
import { ApiError, restError } from '../../common/api-error.js';

interface ServerError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isServerError(error: unknown): error is ServerError {
  return typeof error === 'object' && error !== null && 'severity' in error && typeof (error as unknown as ServerError).code === 'string';
}

/** PostgREST's status for a SQLSTATE (pgErrorStatus), `authenticated` meaning a role other than anon. */
export function sqlStateStatus(code: string, message: string, authenticated: boolean): number {
  const exact: Record<string, number> = { '23503': 409, '23505': 409, '25006': 405, P0001: 400, '42P01': 404 };
  if (exact[code]) return exact[code];
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code.startsWith('57P01')) return 503;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500, '3B': 500,
    '40': 500, '53': 503, '54': 413, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** `raise sqlstate 'PGRST' using message = '{"code":..,"message":..}', detail = '{"status":..,"headers":{..}}'`. */
function pgrstRaise(error: ServerError): ApiError {
  let message: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown };
  let detail: { status?: unknown; headers?: unknown };
  try {
    message = JSON.parse(error.message) as typeof message;
    detail = JSON.parse(error.detail ?? '') as typeof detail;
  } catch {
    return restError(500, 'PGRST121', "The message and detail field of RAISE 'PGRST' error expects JSON");
  }
  const valid = typeof message === 'object' && message !== null && typeof message.code === 'string' && typeof message.message === 'string'
    && typeof detail === 'object' && detail !== null && typeof detail.status === 'number' && typeof detail.headers === 'object' && detail.headers !== null;
  if (!valid) return restError(500, 'PGRST121', "The message and detail field of RAISE 'PGRST' error expects JSON");
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  const headers = Object.fromEntries(Object.entries(detail.headers as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
  return restError(detail.status as number, message.code as string, message.message as string, text(message.details), text(message.hint), headers);
}

/** Whether pg gave up waiting for a pooled connection (its connectionTimeoutMillis). */
function isAcquisitionTimeout(error: unknown): boolean {
  return error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
}

/** A failure to reach or keep the server: a refused or reset socket, a connection pg saw end. */
function isConnectionError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (typeof code === 'string' && /^E[A-Z]+$/.test(code)) || /connection terminated|not queryable|connection ended/i.test(error.message);
}

/**
 * Any error of a request's database work as PostgREST answers it; ApiErrors pass through. Anything
 * else (a bug of ours) is thrown on, for the gateway to make that request's 500.
 */
export function restErrorOf(error: unknown, authenticated: boolean): ApiError {
  if (error instanceof ApiError) return error;
  if (isServerError(error)) {
    if (error.code === 'PGRST') return pgrstRaise(error);
    const status = sqlStateStatus(error.code, error.message, authenticated);
    return restError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
  }
  if (isAcquisitionTimeout(error)) return restError(504, 'PGRST003', 'Timed out acquiring connection from connection pool.');
  if (isConnectionError(error)) return restError(503, 'PGRST000', 'Database connection error. Retrying the connection.', error.message);
  throw error;
}
