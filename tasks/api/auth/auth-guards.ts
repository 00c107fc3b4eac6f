/**
 * GoTrue v2.132.3's two guards in front of its routes. requireAuthentication: a bearer token of
 * the project, whose `sub` names a user that exists (its session, if gone, is simply absent, as
 * after a logout elsewhere). requireAdminCredentials: a token whose role is one of GoTrue's admin
 * roles, `service_role` as the CLI configures it; the anon key is a valid token, so it is refused
 * with GoTrue's 401 `User not allowed`, not a key error.
 */
import { badRequest, notFound, unauthorized } from './auth-error.js';
import { bearerOf, verifyClaims, type AuthRequest } from './auth-request.js';
import type { AdminCaller, AuthState, UserCaller } from './auth-state.js';
import { adminActor } from './store/audit-log.js';
import { findSession } from './store/sessions.js';
import { findUserById } from './store/users.js';

/** GOTRUE_JWT_ADMIN_ROLES as the CLI sets it. */
const ADMIN_ROLES = ['service_role'];

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

export function isUuid(text: string): boolean {
  return UUID.test(text);
}

export async function requireAuthentication(request: AuthRequest, state: AuthState): Promise<UserCaller> {
  const claims = await verifyClaims(bearerOf(request), state.secret);
  if (!claims.sub) throw unauthorized('invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('invalid claim: sub claim must be a UUID');
  const user = await findUserById(state.pool, claims.sub);
  if (!user) throw notFound('User not found');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const session = sessionId && isUuid(sessionId) && sessionId !== '00000000-0000-0000-0000-000000000000' ? await findSession(state.pool, sessionId) : undefined;
  return { claims, user, session };
}

export async function requireAdmin(request: AuthRequest, state: AuthState): Promise<AdminCaller> {
  const claims = await verifyClaims(bearerOf(request), state.secret);
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!ADMIN_ROLES.includes(role)) throw unauthorized('User not allowed');
  return { claims, actor: adminActor(role) };
}
