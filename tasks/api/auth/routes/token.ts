/**
 * POST /token as GoTrue v2.132.3 answers it: `grant_type` from the query string picks the grant
 * (password, refresh_token, pkce, and id_token in id-token-grant.ts), anything
 * else is the OAuth error `unsupported_grant_type`. The password grant finds the user by email or
 * phone, refuses a banned user, a wrong password and an unconfirmed address with
 * GoTrue's OAuth errors, and opens a session; GoTrue says `Invalid login credentials` alike for an
 * unknown user and a wrong password, so the answer does not tell which.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, oauthError, unprocessable } from '../auth-error.js';
import { clientOf, readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { formatPhone } from '../contact.js';
import { passwordMatches } from '../password.js';
import { audit } from '../store/audit-log.js';
import { findUserByEmail, findUserByPhone } from '../store/users.js';
import { issueSession } from '../tokens.js';
import { idTokenGrant } from './id-token-grant.js';
import { pkceGrant } from './pkce-grant.js';
import { refreshTokenGrant } from './refresh-token-grant.js';
import { actorOf } from './signup.js';

/** GoTrue's InvalidLoginMessage. */
export const INVALID_LOGIN = 'Invalid login credentials';

const PASSWORD_PARAMS = { name: 'PasswordGrantParams', fields: { email: 'string', phone: 'string', password: 'string' } } as const;

async function passwordGrant({ request, state }: RouteContext): Promise<AuthReply> {
  const { auth, pool } = state;
  const params = readParams(request, PASSWORD_PARAMS, 'Could not read password grant params');
  const email = (params.email as string | undefined) ?? '';
  const phone = (params.phone as string | undefined) ?? '';
  const password = (params.password as string | undefined) ?? '';
  const aud = requestAud(request);
  if (email && phone) throw unprocessable('Only an email address or phone number should be provided on login.');
  let provider: string;
  let user;
  if (email) {
    provider = 'email';
    if (!auth.email.enabled) throw badRequest('Email logins are disabled');
    user = await findUserByEmail(pool, email, aud);
  } else if (phone) {
    provider = 'phone';
    if (!auth.sms.enabled) throw badRequest('Phone logins are disabled');
    user = await findUserByPhone(pool, formatPhone(phone), aud);
  } else {
    throw oauthError('invalid_grant', INVALID_LOGIN);
  }
  if (!user || user.banned) throw oauthError('invalid_grant', INVALID_LOGIN);
  if (!(await passwordMatches(user.encrypted_password, password))) throw oauthError('invalid_grant', INVALID_LOGIN);
  if (email && user.email_confirmed_at === null) throw oauthError('invalid_grant', 'Email not confirmed');
  if (phone && user.phone_confirmed_at === null) throw oauthError('invalid_grant', 'Phone not confirmed');
  const signedIn = user;
  const tokens = await inTransaction(pool, async (tx) => {
    await audit(tx, actorOf(signedIn), 'login', { provider });
    return issueSession(tx, state, signedIn.id, 'password', clientOf(request));
  });
  return { status: 200, body: tokens };
}

/** The grants by `grant_type`. */
export const GRANTS: Record<string, (context: RouteContext) => Promise<AuthReply>> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
  id_token: idTokenGrant,
};

export async function token(context: RouteContext): Promise<AuthReply> {
  const grant = GRANTS[context.request.query.get('grant_type') ?? ''];
  if (!grant) throw oauthError('unsupported_grant_type');
  return grant(context);
}
