/**
 * Who a Realtime client is, as realtime v2.25.50 decides it (RealtimeWeb.JwtVerification and
 * ChannelsAuthorization, then RealtimeChannel's confirm_token): the token is URI-decoded and
 * stripped of blanks, must be a JWT of type `JWT` signed with HS256/384/512 by the project's secret,
 * must carry `role` and `exp`, and `exp` must be in the future. A refusal is the reason realtime
 * inspects into its answers (`:signature_error`, `[message: "Invalid token", claim: "exp", ...]`).
 * Unlike PostgREST, no clock skew is allowed and a token without `exp` is refused.
 */
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { Atom, Keywords } from './elixir-inspect.js';

export type TokenCheck = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: unknown };

const HS_ALGORITHMS = ['HS256', 'HS384', 'HS512'];

const refuse = (reason: unknown): TokenCheck => ({ ok: false, reason });

/** ChannelsAuthorization's clean_token: URI-decoded, whitespace removed. */
function cleanToken(token: string): string {
  let decoded = token;
  try {
    decoded = decodeURI(token);
  } catch {
    // Elixir's URI.decode raises on a broken escape; the token is then refused as malformed below.
  }
  return decoded.replace(/\s/g, '');
}

/** Verifies a token and returns its claims, or realtime's reason for refusing it. */
export async function checkAccessToken(token: unknown, secret: Uint8Array, now = () => Date.now() / 1000): Promise<TokenCheck> {
  if (typeof token !== 'string') return refuse(new Atom('not_a_string'));
  const clean = cleanToken(token);
  let claims: Record<string, unknown>;
  let header: Record<string, unknown>;
  try {
    claims = decodeJwt(clean);
  } catch {
    return refuse(new Atom('expected_claims_map'));
  }
  try {
    header = decodeProtectedHeader(clean);
  } catch {
    return refuse(new Atom('expected_header_map'));
  }
  if (header.typ !== 'JWT' || typeof header.alg !== 'string' || !HS_ALGORITHMS.includes(header.alg)) return refuse(new Atom('error_generating_signer'));
  try {
    // exp is checked below, as Joken does (strictly later than now, no tolerance).
    await jwtVerify(clean, secret, { algorithms: [header.alg], currentDate: new Date(0) });
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return refuse(new Atom('signature_error'));
    if (!(error instanceof errors.JWTClaimValidationFailed)) return refuse(new Atom('signature_error'));
  }
  if (claims.exp !== undefined && !(typeof claims.exp === 'number' && claims.exp > now())) {
    return refuse(new Keywords([['message', 'Invalid token'], ['claim', 'exp'], ['claim_val', claims.exp]]));
  }
  if (!('role' in claims) || !('exp' in claims)) return refuse('Fields `role` and `exp` are required in JWT');
  return { ok: true, claims };
}
