/**
 * The confirmation token GoTrue v2.132.3 writes when a signup must be confirmed by mail
 * (`enable_confirmations = true`): a fresh OTP of `otp_length` digits, stored as the hex SHA-224
 * of the address followed by the OTP (its GenerateTokenHash), `pkce_`-prefixed for a PKCE flow,
 * with confirmation_sent_at; refused with GoTrue's 429 when the last one went out less than the
 * mail max frequency ago. The OTP and token are handed back for the mail (the mail flows' part).
 */
import { createHash, randomInt } from 'node:crypto';
import type { AuthDb } from './auth-db.js';
import { tooManyRequests } from './auth-error.js';
import { updateUser } from './store/users.js';

/** GoTrue's GenerateOtp: uniformly random, zero-padded. */
export function generateOtp(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** GoTrue's GenerateTokenHash. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224').update(emailOrPhone + otp).digest('hex');
}

/**
 * Writes a new confirmation token for the user (in the caller's transaction) and answers the OTP
 * and the stored token; `flowPrefix` is `pkce_` for a PKCE signup, else empty.
 */
export async function writeConfirmationToken(db: AuthDb, user: { id: string; email: string }, settings: { maxFrequency: number; otpLength: number }, flowPrefix = ''): Promise<{ otp: string; token: string }> {
  const { rows } = await db.query<{ seconds_left: number | null }>(
    'select extract(epoch from confirmation_sent_at + make_interval(secs => $2) - clock_timestamp())::float8 as seconds_left from auth.users where id = $1',
    [user.id, settings.maxFrequency],
  );
  const left = rows[0]?.seconds_left;
  // GoTrue truncates the seconds left (a Go integer division).
  if (typeof left === 'number' && left > 0) throw tooManyRequests(`For security purposes, you can only request this after ${Math.floor(left)} seconds.`);
  const otp = generateOtp(settings.otpLength);
  const token = flowPrefix + tokenHash(user.email, otp);
  await updateUser(db, user.id, { confirmation_token: '$2', confirmation_sent_at: 'clock_timestamp()' }, [token]);
  return { otp, token };
}
