/**
 * Passwords as GoTrue v2.132.3 keeps them: bcrypt (bcryptjs) at Go's bcrypt.DefaultCost, written
 * with the `$2a$` prefix Go's library writes (bcryptjs writes `$2b$`, the same algorithm), and
 * compared against any bcrypt hash, so a user seeded with pgcrypto's `crypt('pw', gen_salt('bf'))`
 * (`$2a$06$...`) signs in. GoTrue refuses to hash more than bcrypt's 72 bytes, and checks a new
 * password's strength (6 characters at least, GoTrue's minimum) before it hashes it.
 */
import bcrypt from 'bcryptjs';
import { weakPassword, type AuthError } from './auth-error.js';

/** Go's bcrypt.DefaultCost. */
const COST = 10;
/** GoTrue's crypto.MaxPasswordLength: bcrypt reads no further. */
const MAX_BYTES = 72;
/** GoTrue's default minimum password length (GOTRUE_PASSWORD_MIN_LENGTH is not set by the CLI). */
export const MIN_PASSWORD_LENGTH = 6;

/** GoTrue's GenerateFromPassword; throws (as GoTrue fails) on a password bcrypt would truncate. */
export async function hashPassword(password: string): Promise<string> {
  if (Buffer.byteLength(password) > MAX_BYTES) throw new Error(`password cannot be longer than ${MAX_BYTES} characters`);
  const salt = (await bcrypt.genSalt(COST)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

/** GoTrue's Authenticate: false for no hash or a hash that is not bcrypt's. */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (!hash || !/^\$2[abxy]?\$\d\d\$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** GoTrue's checkPasswordStrength with the CLI's settings (no required characters, no HIBP). */
export function passwordStrengthError(password: string): AuthError | undefined {
  // Go's len counts bytes.
  if (Buffer.byteLength(password) < MIN_PASSWORD_LENGTH) return weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  return undefined;
}
