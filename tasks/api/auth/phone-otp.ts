/**
 * GoTrue v2.132.3's sendPhoneConfirmation on the native stack: an OTP for a phone confirmation,
 * a phone change or a reauthentication, refused within the SMS max frequency (5 s as the CLI sets
 * it), stored as the hash of the number and the code. The native runtime sends no SMS: a number
 * listed in `[auth.sms.test_otp]` gets its fixed code (GoTrue's test OTP, message id `test-otp`),
 * any other is refused with a line saying how to give it one.
 */
import type { AuthDb } from './auth-db.js';
import type { AuthApiSettings } from './auth-settings.js';
import { tokenHash } from './confirmation-token.js';
import { FrequencyLimit } from './mail-senders.js';
import { secondsUntilResend } from './store/user-tokens.js';
import { updateUser, type UserRow } from './store/users.js';

export type PhoneOtpKind = 'confirmation' | 'phone_change' | 'reauthentication';

const COLUMNS: Record<PhoneOtpKind, { token: string; sentAt: string }> = {
  confirmation: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  phone_change: { token: 'phone_change_token', sentAt: 'phone_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
};

/** GoTrue's GetSmsProvider: an enabled provider is needed even when the code is a test OTP. */
export function requireSmsProvider(auth: AuthApiSettings): void {
  if (!auth.sms.provider) throw new Error(`Sms Provider ${auth.sms.provider} could not be found`);
}

/** Sends (or, with a test OTP, pretends to send) the code; answers the message id. */
export async function sendPhoneOtp(db: AuthDb, auth: AuthApiSettings, user: UserRow, phone: string, kind: PhoneOtpKind): Promise<string> {
  const { token, sentAt } = COLUMNS[kind];
  if (user[sentAt as keyof UserRow] !== null) {
    const left = await secondsUntilResend(db, user.id, sentAt, auth.sms.maxFrequency);
    if (left > 0) throw new FrequencyLimit(left);
  }
  const otp = auth.sms.testOtp[phone];
  // Each flow words the failure as GoTrue words its provider's (`Error sending sms OTP: ...`).
  if (otp === undefined) throw new Error(`the native runtime sends no SMS: give ${phone} a code in [auth.sms.test_otp] of supabase/config.toml`);
  const sets: Record<string, string> = { [token]: '$2', [sentAt]: 'clock_timestamp()' };
  const values: unknown[] = [tokenHash(phone, otp)];
  if (kind === 'phone_change') {
    sets.phone_change = '$3';
    values.push(phone);
  }
  await updateUser(db, user.id, sets, values);
  return 'test-otp';
}
