/**
 * How the Auth service writes what a route answered or threw, as GoTrue v2.132.3's sendJSON and
 * handleError write it: the route's JSON; an AuthError's body at its status; a database error a
 * trigger or constraint raised (raise exception, integrity violations, or a `PTxxx` code naming
 * the status) as GoTrue's PostgresError `{code, message, hint?, detail?}`, so a trigger on
 * auth.users can tell the application why a signup failed; anything else as GoTrue's opaque 500.
 */
import { AuthError, unhandledError } from './auth-error.js';
import type { AuthReply } from './auth-state.js';

/** The SQLSTATEs GoTrue lets through (its isPubliclyAccessiblePostgresError). */
const PUBLIC_SQLSTATES = new Set(['P0001', '23000', '23001', '23502', '23503', '23505', '23514', '23P01']);

interface PgError {
  code: string;
  message: string;
  hint?: string;
  detail?: string;
}

function asPgError(error: unknown): PgError | undefined {
  if (typeof error !== 'object' || error === null || !('severity' in error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.length === 5 ? (error as unknown as PgError) : undefined;
}

/** GoTrue's getHttpStatusCodeFromPostgresErrorCode: 0 for an error it keeps to itself. */
function pgStatus(code: string): number {
  if (PUBLIC_SQLSTATES.has(code)) return 500;
  if (code.startsWith('PT') && /^\d+$/.test(code.slice(2))) return Number(code.slice(2));
  return 0;
}

function pgReply(error: PgError): AuthReply | undefined {
  const status = pgStatus(error.code);
  if (!status) return undefined;
  return { status, body: { code: error.code, message: error.message, hint: error.hint || undefined, detail: error.detail || undefined } };
}

/** The reply for a thrown error; `log` gets what GoTrue would log of an unexpected one. */
export function errorReply(error: unknown, log: (line: string) => void): AuthReply {
  if (error instanceof AuthError) {
    const cause = asPgError(error.internal);
    const fromDatabase = cause && pgReply(cause);
    if (fromDatabase) return fromDatabase;
    if (error.status >= 500) log(`${error.message}${error.internal ? `: ${(error.internal as Error).message}` : ''}`);
    return { status: error.status, body: error.body, headers: { ...error.headers } };
  }
  const database = asPgError(error);
  const fromDatabase = database && pgReply(database);
  if (fromDatabase) return fromDatabase;
  log(`unhandled: ${(error as Error)?.stack ?? String(error)}`);
  const opaque = unhandledError();
  return { status: opaque.status, body: opaque.body };
}
