/**
 * MFA as GoTrue v2.132.3 answers it for a signed-in user: POST /factors enrolls a TOTP factor
 * (unverified; its secret, the otpauth URI and the QR code of that URI as SVG, which gotrue-js turns
 * into a data URI), within the limits of 10 factors and 10 verified ones; POST
 * /factors/:id/challenge opens a challenge valid 300 s from the client's address;
 * POST /factors/:id/verify checks a code against it and upgrades the session to aal2 (a `totp` AMR
 * claim, the session's first refresh token swapped for a new one, new tokens), ending the user's
 * aal1 sessions and unverified factors; DELETE /factors/:id unenrolls (a verified factor only from
 * an aal2 session), taking the sessions it raised back to aal1. Bodies are read with plain
 * json.Unmarshal, hence GoTrue's single `invalid body` message.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, forbidden, internalError, notFound, unprocessable } from '../auth-error.js';
import { isUuid } from '../auth-guards.js';
import { clientOf, type AuthRequest } from '../auth-request.js';
import type { AuthReply, RouteContext, UserCaller } from '../auth-state.js';
import { qrCodeSvg } from '../qr-svg.js';
import { newTotpSecret, totpCodeValid, totpUri } from '../totp.js';
import { audit } from '../store/audit-log.js';
import { deleteChallenge, deleteFactor, deleteUnverifiedFactors, downgradeFactorSessions, factorsOf, findChallenge, findFactor, insertChallenge, insertFactor, markChallengeVerified, updateFactorColumn, type FactorRow } from '../store/factors.js';
import { firstSessionToken, insertRefreshToken, revokeRefreshToken } from '../store/refresh-tokens.js';
import { aalAndAmr, addAmrClaim, deleteSessionsBelowAal, findSession, setSessionFactorAndAal } from '../store/sessions.js';
import { tokenResponse } from '../tokens.js';
import { actorOf } from './signup.js';

/** GOTRUE_MFA_* defaults, which the CLI leaves alone. */
export const MFA_LIMITS = { maxEnrolledFactors: 10, maxVerifiedFactors: 10, challengeExpirySeconds: 300 };

const INVALID_BODY = 'invalid body: unable to parse JSON';

/** json.Unmarshal into a struct of strings: anything but an object of strings (or nulls) fails. */
function stringParams(request: AuthRequest, names: string[]): Record<string, string> {
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    throw badRequest(INVALID_BODY);
  }
  if (body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(INVALID_BODY);
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const name = names.find((candidate) => candidate.toLowerCase() === key.toLowerCase());
    if (!name || value === null) continue;
    if (typeof value !== 'string') throw badRequest(INVALID_BODY);
    params[name] = value;
  }
  return params;
}

/** The host of the site URL, as Go's url.ParseRequestURI gives it (port kept, user info not). */
function siteHost(siteUrl: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(siteUrl);
  if (!match) throw internalError('site url is improperly formatted');
  return match[1];
}

/** GoTrue's loadFactor middleware. */
async function loadFactor(context: RouteContext<UserCaller>): Promise<FactorRow> {
  const id = context.request.params.factor_id ?? '';
  if (!isUuid(id)) throw badRequest('factor_id must be an UUID');
  const factor = await findFactor(context.state.pool, id);
  if (!factor) throw notFound('Factor not found');
  return factor;
}

export async function enrollFactor({ request, state, caller }: RouteContext<UserCaller>): Promise<AuthReply> {
  const params = stringParams(request, ['friendly_name', 'factor_type', 'issuer']);
  const { user } = caller;
  if (user.is_sso_user) throw unprocessable('MFA enrollment only supported for non-SSO users at this time');
  if (params.factor_type !== 'totp') throw badRequest('factor_type needs to be totp');
  const issuer = params.issuer || siteHost(state.auth.siteUrl);
  const factors = await factorsOf(state.pool, user.id);
  if (factors.length >= MFA_LIMITS.maxEnrolledFactors) throw forbidden('Enrolled factors exceed allowed limit, unenroll to continue');
  if (factors.filter((factor) => factor.status === 'verified').length >= MFA_LIMITS.maxVerifiedFactors) {
    throw forbidden('Maximum number of enrolled factors reached, unenroll to continue');
  }
  const secret = newTotpSecret();
  const uri = totpUri(issuer, user.email ?? '', secret);
  const factor = await inTransaction(state.pool, async (tx) => {
    const created = await insertFactor(tx, user.id, params.friendly_name ?? '', 'totp', secret);
    await audit(tx, actorOf(user), 'factor_in_progress', { factor_id: created.id });
    return created;
  });
  return {
    status: 200,
    body: { id: factor.id, type: 'totp', friendly_name: factor.friendly_name ?? '', totp: { qr_code: qrCodeSvg(uri), secret, uri } },
  };
}

export async function challengeFactor(context: RouteContext<UserCaller>): Promise<AuthReply> {
  const { request, state, caller } = context;
  const factor = await loadFactor(context);
  const challenge = await inTransaction(state.pool, async (tx) => {
    const created = await insertChallenge(tx, factor.id, clientOf(request).ip);
    await audit(tx, actorOf(caller.user), 'challenge_created', { factor_id: factor.id, factor_status: factor.status });
    return created;
  });
  return { status: 200, body: { id: challenge.id, expires_at: challenge.created_unix + MFA_LIMITS.challengeExpirySeconds } };
}

export async function verifyFactor(context: RouteContext<UserCaller>): Promise<AuthReply> {
  const { request, state, caller } = context;
  const factor = await loadFactor(context);
  const params = stringParams(request, ['challenge_id', 'code']);
  const challengeId = params.challenge_id ?? '00000000-0000-0000-0000-000000000000';
  if (!isUuid(challengeId)) throw badRequest(INVALID_BODY);
  if (factor.user_id !== caller.user.id) throw internalError('Factor does not belong to user');
  const challenge = await findChallenge(state.pool, challengeId);
  if (!challenge) throw notFound('Challenge not found');
  if (challenge.verified || challenge.ip_address !== clientOf(request).ip) throw badRequest('Challenge and verify IP addresses mismatch');
  if (Date.now() / 1000 > challenge.created_unix + MFA_LIMITS.challengeExpirySeconds) {
    await deleteChallenge(state.pool, challenge.id);
    throw badRequest(`${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  if (!totpCodeValid(params.code ?? '', factor.secret ?? '')) throw badRequest('Invalid TOTP code entered');
  const sessionId = typeof caller.claims.session_id === 'string' && isUuid(caller.claims.session_id) ? caller.claims.session_id : '';
  if (!sessionId) throw internalError('Cannot read SessionId claim as UUID');
  const user = caller.user;
  const tokens = await inTransaction(state.pool, async (tx) => {
    await audit(tx, actorOf(user), 'verification_attempted', { factor_id: factor.id, challenge_id: challenge.id });
    await markChallengeVerified(tx, challenge.id);
    if (factor.status !== 'verified') await updateFactorColumn(tx, factor.id, 'status', 'verified');
    // GoTrue's updateMFASessionAndClaims.
    await addAmrClaim(tx, sessionId, 'totp');
    if (!(await findSession(tx, sessionId))) throw notFound('Session not found');
    const current = await firstSessionToken(tx, sessionId);
    if (!current) throw notFound('Refresh Token not found');
    await audit(tx, actorOf(user), 'token_revoked');
    await revokeRefreshToken(tx, current.id);
    const refreshToken = await insertRefreshToken(tx, user.id, sessionId, current.token);
    const { aal } = await aalAndAmr(tx, sessionId);
    await setSessionFactorAndAal(tx, sessionId, factor.id, aal);
    const response = await tokenResponse(tx, state, user.id, sessionId, refreshToken);
    await deleteSessionsBelowAal(tx, user.id, 'aal2');
    await deleteUnverifiedFactors(tx, user.id);
    return response;
  });
  return { status: 200, body: tokens };
}

export async function unenrollFactor(context: RouteContext<UserCaller>): Promise<AuthReply> {
  const { state, caller } = context;
  const factor = await loadFactor(context);
  const { session, user } = caller;
  if (!session) throw internalError('A valid session and factor are required to unenroll a factor');
  if (factor.status === 'verified' && session.aal !== 'aal2') throw badRequest('AAL2 required to unenroll verified factor');
  if (factor.user_id !== user.id) throw internalError('Factor does not belong to user');
  await inTransaction(state.pool, async (tx) => {
    await deleteFactor(tx, factor.id);
    await audit(tx, actorOf(user), 'factor_unenrolled', { factor_id: factor.id, factor_status: factor.status, session_id: session.id });
    await downgradeFactorSessions(tx, factor);
  });
  return { status: 200, body: { id: factor.id } };
}
