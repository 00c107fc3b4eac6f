/**
 * What every Auth route is handed: the service's settings, its pool, the secret as jose takes it,
 * the request as GoTrue reads it, and, behind a guard, who is calling. Routes answer an AuthReply
 * (status, JSON body, headers) or throw an AuthError; the service writes both.
 */
import type pg from 'pg';
import type { ApiSettings } from '../gateway/api-service.js';
import type { AuthRequest, Claims } from './auth-request.js';
import type { AuthApiSettings } from './auth-settings.js';
import type { AuditActor } from './store/audit-log.js';
import type { SessionRow } from './store/sessions.js';
import type { UserRow } from './store/users.js';

export interface AuthState {
  settings: ApiSettings;
  auth: AuthApiSettings;
  pool: pg.Pool;
  secret: Uint8Array;
  log(line: string): void;
}

export interface AuthReply {
  status: number;
  /** Written as JSON; none for a 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A signed-in user (GoTrue's requireAuthentication): the token's claims, the user, its session if it still exists. */
export interface UserCaller {
  claims: Claims;
  user: UserRow;
  session: SessionRow | undefined;
}

/** An admin (GoTrue's requireAdminCredentials): a token whose role is service_role. */
export interface AdminCaller {
  claims: Claims;
  actor: AuditActor;
}

export interface RouteContext<Caller = undefined> {
  request: AuthRequest;
  state: AuthState;
  caller: Caller;
}
