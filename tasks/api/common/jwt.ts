/**
 * Who a request is, as PostgREST v12.0.1 decides it: the bearer token of the Authorization header
 * verified against the project's JWT secret (HS256/384/512, `exp`, `nbf` and `iat` checked with
 * PostgREST's 30 s of allowed clock skew), its `role` claim naming the database role the request
 * runs as. No token is the anonymous role. A bad token is PostgREST's 401 (PGRST301) with the
 * message its JWT library writes and the `WWW-Authenticate` header it sends, so a client that
 * shows `error.message` shows the same words as on the platform.
 */
import { errors, jwtVerify } from 'jose';
import { restError, type ApiError } from './api-error.js';
import { setBounded } from '../../bounded-map.js';

/** The anonymous role (PostgREST's `db-anon-role`, `anon` on every Supabase project). */
export const ANON_ROLE = 'anon';

export interface AuthResult {
  role: string;
  /** The claims as `request.jwt.claims` receives them: the token's, with `role` always set. */
  claims: Record<string, unknown>;
  /** Whether the role is not the anonymous one: PostgREST answers 42501 with 403 then, 401 otherwise. */
  authenticated: boolean;
}

/** PostgREST's skew allowance for `exp`, `nbf` and `iat` (its JWT validation settings). */
const CLOCK_SKEW_SECONDS = 30;

/** The token of an `Authorization: Bearer <token>` header; anything else means no token, as Wai's extractBearerAuth reads it. */
export function bearerToken(authorization: string | undefined): string {
  const match = /^bearer\s+(.+)$/i.exec(authorization?.trim() ?? '');
  return match ? match[1].trim() : '';
}

/** The 401 PostgREST writes for a token it refuses; the header repeats the message as Haskell's `show` quotes it. */
export function invalidToken(message: string): ApiError {
  const quoted = JSON.stringify(message);
  return restError(401, 'PGRST301', message, null, null, { 'WWW-Authenticate': `Bearer error="invalid_token", error_description=${quoted}` });
}

/** The words of hs-jose (PostgREST's JWT library) for each way a token fails. */
function joseMessage(token: string, error: unknown): string {
  const parts = token.split('.').length;
  if (parts !== 3) return `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts})`;
  if (error instanceof errors.JWTExpired) return 'JWT expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'JWTNotYetValid';
    if (error.claim === 'iat') return 'JWTIssuedAtFuture';
    if (error.claim === 'aud') return 'JWTNotInAudience';
    return 'JWTClaimsSetDecodeError';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed) return 'JWSError JWSInvalidSignature';
  if (error instanceof errors.JWTInvalid) return 'JWTClaimsSetDecodeError';
  return 'JWSError (CompactDecodeError Invalid JWS)';
}

/** The role of a verified token's claims: a string as is, any other JSON value as its JSON text (PostgREST's `unquoted`). */
function roleOf(claims: Record<string, unknown>): string {
  const role = claims.role;
  if (role === undefined || role === null) return ANON_ROLE;
  return typeof role === 'string' ? role : JSON.stringify(role);
}

/**
 * Tokens whose signature checked out, by secret, with their claims. Every request of a client
 * carries the same token (the anon key, a session's access token), and verifying its HMAC is the
 * largest cost of a request in this process; what can change between two requests with one token
 * is only the time, so a hit checks exp and nbf again, as jose does, and a miss verifies in full.
 */
const verified = new WeakMap<Uint8Array, Map<string, Record<string, unknown>>>();
const VERIFIED_MAX = 1000;

/** Whether jose would still accept the times of a token it accepted before (its `exp <= now - skew` and `nbf > now + skew`). */
function stillCurrent(payload: Record<string, unknown>): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp === 'number' && payload.exp <= now - CLOCK_SKEW_SECONDS) return false;
  return !(typeof payload.nbf === 'number' && payload.nbf > now + CLOCK_SKEW_SECONDS);
}

async function verifiedClaims(token: string, secret: Uint8Array): Promise<Record<string, unknown>> {
  let known = verified.get(secret);
  if (!known) verified.set(secret, (known = new Map()));
  const hit = known.get(token);
  if (hit && stillCurrent(hit)) return hit;
  known.delete(token);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256', 'HS384', 'HS512'], clockTolerance: CLOCK_SKEW_SECONDS }));
  } catch (error) {
    throw invalidToken(joseMessage(token, error));
  }
  setBounded(known, token, payload, VERIFIED_MAX);
  return payload;
}

/**
 * Verifies the request's token; throws the 401 ApiError PostgREST answers for a bad one. The
 * secret is the project's `[auth] jwt_secret` (a plain string, as PostgREST takes it).
 */
export async function authenticate(authorization: string | undefined, secret: Uint8Array): Promise<AuthResult> {
  const token = bearerToken(authorization);
  if (!token) return { role: ANON_ROLE, claims: { role: ANON_ROLE }, authenticated: false };
  const payload = await verifiedClaims(token, secret);
  // iat in the future is refused by hs-jose; jose only checks iat when asked for a max age.
  if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) throw invalidToken('JWTIssuedAtFuture');
  const role = roleOf(payload);
  return { role, claims: { ...payload, role }, authenticated: role !== ANON_ROLE };
}

/** The secret as jose takes it, encoded once per service rather than per request. */
export function jwtSecretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}
