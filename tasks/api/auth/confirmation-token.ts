/**
 * GoTrue v2.132.3's one-time codes and what it stores of them: a fresh OTP of `otp_length` digits
 * (its GenerateOtp), kept only as the hex SHA-224 of the address or number followed by the OTP
 * (its GenerateTokenHash); the mail and SMS senders (mail-senders.ts, phone-otp.ts) and /verify
 * hash the same way.
 */
import { createHash, randomInt } from 'node:crypto';

/** GoTrue's GenerateOtp: uniformly random, zero-padded. */
export function generateOtp(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** GoTrue's GenerateTokenHash. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224').update(emailOrPhone + otp).digest('hex');
}
