/**
 * The Auth service's route table: GoTrue v2.132.3's routes that the native runtime serves, each
 * with its method, its path under `/auth/v1` (fastify's syntax, `:user_id`) and the guard GoTrue
 * puts in front of it. The MFA and OAuth routes are added here as their handlers are written; a
 * route not listed is answered by the gateway's 404.
 */
import type { AdminCaller, AuthReply, RouteContext, UserCaller } from './auth-state.js';
import { applyContactChange } from './contact-change.js';
import { adminDeleteFactor, adminListFactors, adminUpdateFactor } from './routes/admin-factors.js';
import { adminCreateUser, adminDeleteUser, adminGetUser, adminListUsers, adminUpdateUser } from './routes/admin-users.js';
import { authorize, callback } from './routes/external.js';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './routes/factors.js';
import { generateLink } from './routes/generate-link.js';
import { linkIdentity, unlinkIdentity } from './routes/identities.js';
import { invite } from './routes/invite.js';
import { logout } from './routes/logout.js';
import { magicLink, otp } from './routes/otp.js';
import { reauthenticate } from './routes/reauthenticate.js';
import { recover } from './routes/recover.js';
import { resend } from './routes/resend.js';
import { health, settings } from './routes/service-info.js';
import { signup } from './routes/signup.js';
import { samlDisabled } from './routes/sso.js';
import { token } from './routes/token.js';
import { CONTACT_CHANGE, getUser, updateUser } from './routes/user.js';
import { verify } from './routes/verify.js';

// PUT /user confirms a new email or phone through the mail and OTP flows.
CONTACT_CHANGE.apply = applyContactChange;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route open to any request with the API key (the gateway checked it). */
interface OpenRoute {
  method: Method;
  path: string;
  guard: 'none';
  handle(context: RouteContext): Promise<AuthReply>;
}

/** A route for a signed-in user (GoTrue's requireAuthentication). */
interface UserRoute {
  method: Method;
  path: string;
  guard: 'user';
  handle(context: RouteContext<UserCaller>): Promise<AuthReply>;
}

/** A route for the service_role (GoTrue's requireAdminCredentials). */
interface AdminRoute {
  method: Method;
  path: string;
  guard: 'admin';
  handle(context: RouteContext<AdminCaller>): Promise<AuthReply>;
}

export type AuthRoute = OpenRoute | UserRoute | AdminRoute;

export const AUTH_ROUTES: AuthRoute[] = [
  { method: 'GET', path: '/health', guard: 'none', handle: health },
  { method: 'GET', path: '/settings', guard: 'none', handle: settings },
  { method: 'POST', path: '/signup', guard: 'none', handle: signup },
  { method: 'POST', path: '/token', guard: 'none', handle: token },
  { method: 'GET', path: '/user', guard: 'user', handle: getUser },
  { method: 'PUT', path: '/user', guard: 'user', handle: updateUser },
  { method: 'GET', path: '/user/identities/authorize', guard: 'user', handle: linkIdentity },
  { method: 'DELETE', path: '/user/identities/:identity_id', guard: 'user', handle: unlinkIdentity },
  { method: 'POST', path: '/logout', guard: 'user', handle: logout },
  { method: 'POST', path: '/otp', guard: 'none', handle: otp },
  { method: 'POST', path: '/magiclink', guard: 'none', handle: magicLink },
  { method: 'GET', path: '/verify', guard: 'none', handle: verify },
  { method: 'POST', path: '/verify', guard: 'none', handle: verify },
  { method: 'POST', path: '/recover', guard: 'none', handle: recover },
  { method: 'POST', path: '/resend', guard: 'none', handle: resend },
  { method: 'GET', path: '/reauthenticate', guard: 'user', handle: reauthenticate },
  { method: 'POST', path: '/invite', guard: 'admin', handle: invite },
  { method: 'POST', path: '/admin/generate_link', guard: 'admin', handle: generateLink },
  { method: 'GET', path: '/admin/users', guard: 'admin', handle: adminListUsers },
  { method: 'POST', path: '/admin/users', guard: 'admin', handle: adminCreateUser },
  { method: 'GET', path: '/admin/users/:user_id', guard: 'admin', handle: adminGetUser },
  { method: 'PUT', path: '/admin/users/:user_id', guard: 'admin', handle: adminUpdateUser },
  { method: 'DELETE', path: '/admin/users/:user_id', guard: 'admin', handle: adminDeleteUser },
  { method: 'GET', path: '/authorize', guard: 'none', handle: authorize },
  { method: 'GET', path: '/callback', guard: 'none', handle: callback },
  { method: 'POST', path: '/callback', guard: 'none', handle: callback },
  { method: 'POST', path: '/factors', guard: 'user', handle: enrollFactor },
  { method: 'POST', path: '/factors/:factor_id/challenge', guard: 'user', handle: challengeFactor },
  { method: 'POST', path: '/factors/:factor_id/verify', guard: 'user', handle: verifyFactor },
  { method: 'DELETE', path: '/factors/:factor_id', guard: 'user', handle: unenrollFactor },
  { method: 'GET', path: '/admin/users/:user_id/factors', guard: 'admin', handle: adminListFactors },
  { method: 'PUT', path: '/admin/users/:user_id/factors/:factor_id', guard: 'admin', handle: adminUpdateFactor },
  { method: 'DELETE', path: '/admin/users/:user_id/factors/:factor_id', guard: 'admin', handle: adminDeleteFactor },
  { method: 'POST', path: '/sso', guard: 'none', handle: samlDisabled },
  { method: 'GET', path: '/sso/saml/metadata', guard: 'none', handle: samlDisabled },
  { method: 'POST', path: '/sso/saml/acs', guard: 'none', handle: samlDisabled },
];
