/**
 * GET and POST /verify as GoTrue v2.132.3 answers them. GET is the mail's link: the token (a
 * hash) and type, then a 303 to redirect_to (when allowed, else site_url) with the session in the
 * fragment and `type` (implicit flow), or `?code=` of the user's flow state when the token is
 * `pkce_`-prefixed; a refusal goes there too, as `error`, `error_code` and `error_description` in
 * the fragment (and the query for PKCE). The first link of a secure email change redirects with
 * GoTrue's `message`. POST takes a code with its email or phone, or a token_hash alone, and answers
 * the session (or the single confirmation's message) as JSON.
 */
import { inTransaction } from '../auth-db.js';
import { AuthError, badRequest, unprocessable } from '../auth-error.js';
import { clientOf, readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { tokenHash } from '../confirmation-token.js';
import { validateEmail, validatePhone } from '../contact.js';
import { goQueryEscape } from '../mail/mailer.js';
import { PKCE_PREFIX } from '../pkce.js';
import { referrerOf } from '../redirect-url.js';
import { findFlowStateByUser } from '../store/flow-states.js';
import { issueSession, type TokenResponse } from '../tokens.js';
import { applyVerification } from '../verify-outcomes.js';
import { userByCode, userByTokenHash, type VerifyTarget } from '../verify-token.js';

const VERIFY_PARAMS = { name: 'VerifyParams', fields: { type: 'string', token: 'string', token_hash: 'string', email: 'string', phone: 'string', redirect_to: 'string' } } as const;

/** GoTrue's singleConfirmationAccepted. */
const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** GoTrue's oauthErrorMap: the OAuth error named by a status. */
const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };

/** Go's url.Values.Encode: keys sorted, each pair query-escaped. */
function goEncode(values: Record<string, string>): string {
  return Object.keys(values).sort().map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key])}`).join('&');
}

/** The redirect URL with `query` merged into its query string (Go re-encodes it, sorted) and `fragment` set. */
function withParts(url: string, query: Record<string, string>, fragment: string | undefined): string {
  const at = url.indexOf('#');
  const base = at >= 0 ? url.slice(0, at) : url;
  const q = base.indexOf('?');
  const path = q >= 0 ? base.slice(0, q) : base;
  const existing = Object.fromEntries(new URLSearchParams(q >= 0 ? base.slice(q + 1) : ''));
  const merged = { ...existing, ...query };
  const search = Object.keys(merged).length > 0 ? `?${goEncode(merged)}` : '';
  return `${path}${search}${fragment !== undefined ? `#${fragment}` : at >= 0 ? url.slice(at) : ''}`;
}

const seeOther = (location: string): AuthReply => ({ status: 303, headers: { location }, body: undefined });

/** GoTrue's ParseAuthenticationMethod for a flow state: anything ending in signup is `email/signup`. */
const authenticationMethod = (type: string): string => (type.endsWith('signup') ? 'email/signup' : type);

async function verifyGet({ request, state }: RouteContext): Promise<AuthReply> {
  const { auth, pool } = state;
  const token = request.query.get('token') ?? '';
  const type = request.query.get('type') ?? '';
  const redirectTo = referrerOf(request, auth);
  if (type === '') throw badRequest('Verify requires a verification type');
  if (token === '') throw badRequest('Verify requires a token or a token hash');
  const pkce = token.startsWith(PKCE_PREFIX);
  try {
    const outcome = await inTransaction(pool, async (tx) => {
      const found = await userByTokenHash(tx, auth, { type, tokenHash: token, email: '', phone: '' });
      if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change'].includes(found.type)) throw unprocessable('Unsupported verification type');
      const user = await applyVerification(tx, auth, found.user, found.type, token);
      if (user === 'single') return { kind: 'single' as const };
      if (!pkce) return { kind: 'tokens' as const, tokens: await issueSession(tx, state, user.id, 'otp', clientOf(request)) };
      const flow = await findFlowStateByUser(tx, user.id, authenticationMethod(type));
      if (!flow) throw badRequest('No associated flow state found. No valid flow state found for user.');
      return { kind: 'code' as const, code: flow.auth_code };
    });
    if (outcome.kind === 'single') return seeOther(withParts(redirectTo, pkce ? { message: SINGLE_CONFIRMATION } : {}, goEncode({ message: SINGLE_CONFIRMATION })));
    if (outcome.kind === 'code') return seeOther(withParts(redirectTo, { code: outcome.code }, undefined));
    return seeOther(`${redirectTo}#${fragmentOf(outcome.tokens, type)}`);
  } catch (error) {
    if (!(error instanceof AuthError) || !('msg' in error.body)) throw error;
    const { code, msg } = error.body;
    const fragment: Record<string, string> = { error_code: String(code), error_description: msg };
    if (OAUTH_ERRORS[code]) fragment.error = OAUTH_ERRORS[code];
    state.log(`verify refused: ${msg}`);
    return seeOther(withParts(redirectTo, pkce ? fragment : {}, goEncode(fragment)));
  }
}

/** GoTrue's AsRedirectURL: the session and `type` in the fragment, sorted as Go encodes them. */
function fragmentOf(tokens: TokenResponse, type: string): string {
  return goEncode({
    access_token: tokens.access_token,
    expires_at: String(tokens.expires_at),
    expires_in: String(tokens.expires_in),
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
    type,
  });
}

/** GoTrue's VerifyParams.Validate for POST: the target, with the code turned into its hash. */
function postTarget(params: Record<string, unknown>): VerifyTarget {
  const str = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : '');
  const type = str('type');
  let email = str('email');
  let phone = str('phone');
  const token = str('token');
  const hash = str('token_hash');
  if (type === '') throw badRequest('Verify requires a verification type');
  if ((token === '' && hash === '') || (token !== '' && hash !== '')) throw badRequest('Verify requires either a token or a token hash');
  if (token !== '') {
    if (phone !== '' && email === '') {
      phone = validatePhone(phone);
      return { type, tokenHash: tokenHash(phone, token), email, phone };
    }
    if (email !== '' && phone === '') {
      try {
        email = validateEmail(email);
      } catch {
        throw unprocessable('Invalid email format');
      }
      return { type, tokenHash: tokenHash(email, token), email, phone };
    }
    throw badRequest('Only an email address or phone number should be provided on verify');
  }
  if (email !== '' || phone !== '' || str('redirect_to') !== '') throw badRequest('Only the token_hash and type should be provided');
  return { type, tokenHash: hash, email: '', phone: '' };
}

async function verifyPost({ request, state }: RouteContext): Promise<AuthReply> {
  const { auth, pool } = state;
  const target = postTarget(readParams(request, VERIFY_PARAMS, 'Could not parse verification params'));
  // GoTrue's isUsingTokenHash: a code always comes with its email or phone.
  const byHash = target.email === '' && target.phone === '';
  const outcome = await inTransaction(pool, async (tx) => {
    const found = byHash ? await userByTokenHash(tx, auth, target) : await userByCode(tx, auth, target, requestAud(request));
    if (!['signup', 'invite', 'recovery', 'magiclink', 'email_change', 'sms', 'phone_change'].includes(found.type)) throw unprocessable('Unsupported verification type');
    const user = await applyVerification(tx, auth, found.user, found.type, target.tokenHash);
    if (user === 'single') return 'single' as const;
    return issueSession(tx, state, user.id, 'otp', clientOf(request));
  });
  if (outcome === 'single') return { status: 200, body: { msg: SINGLE_CONFIRMATION, code: '200' } };
  return { status: 200, body: outcome };
}

export const verify = (context: RouteContext): Promise<AuthReply> => (context.request.method === 'GET' ? verifyGet(context) : verifyPost(context));
