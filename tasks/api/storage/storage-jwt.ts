/**
 * Who a Storage request is, as storage-api v0.46.4 decides it: the token after `Bearer ` in the
 * Authorization header, verified with the project's JWT secret (HS256, as its default
 * JWT_ALGORITHM), its `role` claim the database role the request runs as (`anon` when absent) and
 * its `sub` the owner written on what it creates. The anon and service_role keys are such tokens,
 * and so is a signed-in user's access token. A refused token is storage-api's 400 carrying the
 * words of jsonwebtoken (its JWT library), which is also how it signs and checks signed URLs.
 */
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { StorageError } from './storage-error.js';

export interface StorageUser {
  /** The raw token, for `request.jwt`. */
  jwt: string;
  role: string;
  /** The verified claims, for `request.jwt.claims`. */
  claims: Record<string, unknown>;
  /** The `sub` claim: the owner of what the request creates. */
  owner?: string;
}

/** The words jsonwebtoken uses for each way a token fails. */
function jsonwebtokenMessage(token: string, error: unknown): string {
  if (token === '') return 'jwt must be provided';
  if (token.split('.').length !== 3) return 'jwt malformed';
  if (error instanceof errors.JWTExpired) return 'jwt expired';
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') return 'jwt not active';
  if (error instanceof errors.JOSEAlgNotAllowed) return 'invalid algorithm';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'invalid signature';
  return 'invalid token';
}

/** Verifies a token as jsonwebtoken does with HS256; throws an Error with its message. */
export async function verifyToken(token: string, secret: Uint8Array): Promise<JWTPayload> {
  try {
    if (token === '') throw new Error('empty');
    return (await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload;
  } catch (error) {
    throw new Error(jsonwebtokenMessage(token, error));
  }
}

/** Signs claims for `expiresIn` seconds, as storage-api signs its URL tokens (HS256, `iat` and `exp`). */
export async function signToken(claims: Record<string, unknown>, secret: Uint8Array, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(secret);
}

/**
 * The user of a request on an authenticated route; a missing or bad token is the 400 storage-api's
 * jwt plugin answers, whose `error` repeats the message.
 */
export async function requestUser(authorization: string | undefined, secret: Uint8Array): Promise<StorageUser> {
  // storage-api cuts the first seven characters whatever they are ('Bearer ').
  const jwt = (authorization ?? '').substring('Bearer '.length);
  let claims: JWTPayload;
  try {
    claims = await verifyToken(jwt, secret);
  } catch (error) {
    const message = (error as Error).message;
    throw new StorageError(400, message, message);
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return { jwt, role, claims: { ...claims }, owner: typeof claims.sub === 'string' ? claims.sub : undefined };
}

/** The service role, as storage-api acts for public routes and its own checks ("super user"). */
export function serviceUser(serviceRoleKey: string): StorageUser {
  return { jwt: serviceRoleKey, role: 'service_role', claims: { role: 'service_role' } };
}
