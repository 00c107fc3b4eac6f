/**
 * Sessions and tokens as GoTrue v2.132.3 issues them: a sign-in opens a session (with the method's
 * AMR claim) and its first refresh token, and answers an access token signed HS256 with the
 * project's secret, carrying GoTrue's claims in its order (aud, exp, iat, iss, sub, email, phone,
 * app_metadata, user_metadata, role, aal, amr, session_id), plus the user as it now is.
 */
import { SignJWT } from 'jose';
import type { AuthDb } from './auth-db.js';
import type { AuthState } from './auth-state.js';
import { factorJson, factorsOf } from './store/factors.js';
import { identitiesOf } from './store/identities.js';
import { insertRefreshToken } from './store/refresh-tokens.js';
import { aalAndAmr, addAmrClaim, createSession } from './store/sessions.js';
import { findUserById, touchLastSignIn, userJson, type UserRow } from './store/users.js';

/** GoTrue's AuthenticationMethod names, as the amr claim and mfa_amr_claims write them. */
export type AuthMethod = 'password' | 'otp' | 'oauth' | 'totp' | 'magiclink' | 'recovery' | 'invite' | 'sso/saml' | 'email_signup' | 'email_change' | 'token_refresh';

/** GoTrue's AccessTokenResponse. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** GoTrue's generateAccessToken: the session's aal and amr, or aal1 and none without a session. */
export async function accessToken(db: AuthDb, state: AuthState, user: UserRow, sessionId: string | null): Promise<{ token: string; expiresAt: number }> {
  const { aal, amr } = sessionId ? await aalAndAmr(db, sessionId) : { aal: 'aal1', amr: [] };
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + state.settings.jwtExpiry;
  const claims = {
    aud: user.aud ?? '',
    exp: expiresAt,
    iat: issuedAt,
    iss: state.auth.jwtIssuer,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? '',
    aal,
    ...(amr.length > 0 ? { amr } : {}),
    ...(sessionId ? { session_id: sessionId } : {}),
  };
  // golang-jwt leaves empty standard claims out (omitempty).
  if (!claims.aud) delete (claims as { aud?: string }).aud;
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(state.secret);
  return { token, expiresAt };
}

/** The answer of every grant: the tokens and the user reloaded with its identities. */
export async function tokenResponse(db: AuthDb, state: AuthState, userId: string, sessionId: string, refreshToken: string): Promise<TokenResponse> {
  const user = (await findUserById(db, userId))!;
  const { token, expiresAt } = await accessToken(db, state, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: state.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(db, userId), (await factorsOf(db, userId)).map(factorJson)),
  };
}

/**
 * GoTrue's issueRefreshToken: a new session for the client, the method's AMR claim, the first
 * refresh token, last_sign_in_at now; in the caller's transaction.
 */
export async function issueSession(db: AuthDb, state: AuthState, userId: string, method: AuthMethod, client: { userAgent: string; ip: string }): Promise<TokenResponse> {
  const sessionId = await createSession(db, userId, client);
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  await touchLastSignIn(db, userId);
  await addAmrClaim(db, sessionId, method);
  return tokenResponse(db, state, userId, sessionId, refreshToken);
}
