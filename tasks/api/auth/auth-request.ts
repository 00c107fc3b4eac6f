/**
 * What every Auth route reads of a request, as GoTrue v2.132.3 reads it: the body decoded as Go
 * decodes it (go-json.ts) into GoTrue's 400 `Could not read <what> params: <why>`, the bearer
 * token verified as its parseJWTClaims does (HS256 only, golang-jwt's words in the 401), the
 * audience (X-JWT-AUD, else the token's, else `authenticated`), and the client's user agent and
 * address that its sessions record.
 */
import { errors, jwtVerify } from 'jose';
import { badRequest, unauthorized } from './auth-error.js';
import { decodeGoJson, type GoStruct } from './go-json.js';

/** GoTrue's JWT aud default (GOTRUE_JWT_AUD, the CLI's `authenticated`). */
export const DEFAULT_AUD = 'authenticated';

export interface AuthRequest {
  method: string;
  /** The path after `/auth/v1`, as GoTrue sees it (`/admin/users`). */
  path: string;
  /** The path and query string as GoTrue's r.URL.String() gives them (pagination links). */
  url: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Route parameters (`user_id`). */
  params: Record<string, string>;
  /** The peer's address (the gateway's client). */
  remoteAddress: string;
}

/** The claims of an access token GoTrue verified (AccessTokenClaims; anything else is kept too). */
export interface Claims extends Record<string, unknown> {
  sub?: string;
  aud?: string;
  role?: string;
  session_id?: string;
}

export function header(request: AuthRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] ?? '' : value ?? '';
}

/** The body as the params struct; a bad one is GoTrue's 400 with `what` naming the params. */
export function readParams(request: AuthRequest, struct: GoStruct, what: string): Record<string, unknown> {
  try {
    return decodeGoJson(request.body, struct);
  } catch (error) {
    throw badRequest(`${what}: ${(error as Error).message}`);
  }
}

/** GoTrue's bearerRegexp: `Bearer <token>`, case-insensitive. */
export function bearerOf(request: AuthRequest): string {
  const match = /^(?:B|b)earer (\S+)$/.exec(header(request, 'authorization'));
  if (!match) throw unauthorized('This endpoint requires a Bearer token');
  return match[1];
}

/** golang-jwt v3's text for a duration past expiry (Go's time.Duration String, whole seconds). */
function goDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  return m > 0 ? `${m}m${s}s` : `${s}s`;
}

/** golang-jwt v3's message for a token it refuses. */
export function jwtMessage(token: string, error: unknown): string {
  if (token.split('.').length !== 3) return 'token contains an invalid number of segments';
  if (error instanceof errors.JWTExpired) {
    const exp = Number((error.payload as { exp?: number }).exp);
    return `token is expired by ${goDuration(Math.max(0, Math.floor(Date.now() / 1000) - exp))}`;
  }
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return 'token is not valid yet';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'signing method (alg) is unavailable.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature is invalid';
  return 'invalid character looking for beginning of value';
}

/** GoTrue's parseJWTClaims: HS256 with the project's secret, or its 401. */
export async function verifyClaims(token: string, secret: Uint8Array): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000) throw new Error('Token used before issued');
    return payload as Claims;
  } catch (error) {
    const why = error instanceof Error && error.message === 'Token used before issued' ? error.message : jwtMessage(token, error);
    throw unauthorized(`invalid JWT: unable to parse or verify signature, ${why}`);
  }
}

/** GoTrue's requestAud. */
export function requestAud(request: AuthRequest, claims?: Claims): string {
  return header(request, 'x-jwt-aud') || (typeof claims?.aud === 'string' && claims.aud) || DEFAULT_AUD;
}

/** What a session records of its client (GoTrue's FillGrantParams): the user agent and the first forwarded address. */
export function clientOf(request: AuthRequest): { userAgent: string; ip: string } {
  const forwarded = header(request, 'x-forwarded-for').split(',')[0]?.trim();
  const ip = (forwarded || request.remoteAddress).replace(/^::ffff:/, '');
  return { userAgent: header(request, 'user-agent'), ip };
}
