/**
 * GoTrue v2.132.3's senders of one-time tokens by mail (its sendConfirmation, sendInvite,
 * sendPasswordRecovery, sendMagicLink, sendEmailChange, sendReauthenticationOtp): each refuses
 * with FrequencyLimit while the last one of its kind is younger than the mail max frequency, makes
 * a fresh OTP, stores its hash (`pkce_`-prefixed in a PKCE flow), mails the OTP and the verify link
 * and stamps the *_sent_at column, in the caller's transaction, so a mail that cannot be sent
 * leaves the row as it was.
 */
import type { AuthDb } from './auth-db.js';
import type { AuthApiSettings } from './auth-settings.js';
import { generateOtp, tokenHash } from './confirmation-token.js';
import { sendMail, verifyLink } from './mail/mailer.js';
import { secondsUntilResend } from './store/user-tokens.js';
import { updateUser, type UserRow } from './store/users.js';

/** GoTrue's MaxFrequencyLimitError, with the seconds still to wait. */
export class FrequencyLimit extends Error {
  constructor(readonly secondsLeft: number) {
    super('frequency limit reached');
  }
}

async function checkFrequency(db: AuthDb, user: UserRow, column: string, maxFrequency: number): Promise<void> {
  if (user[column as keyof UserRow] === null) return;
  const left = await secondsUntilResend(db, user.id, column, maxFrequency);
  if (left > 0) throw new FrequencyLimit(left);
}

/** What every mail's template may use of the user. */
const userData = (user: UserRow) => ({ Email: user.email ?? '', Data: user.raw_user_meta_data ?? {} });

/** sendConfirmation: the signup mail (`type=signup`). */
export async function sendConfirmation(db: AuthDb, auth: AuthApiSettings, user: UserRow, referrer: string, prefix = ''): Promise<void> {
  await checkFrequency(db, user, 'confirmation_sent_at', auth.email.maxFrequency);
  const otp = generateOtp(auth.email.otpLength);
  const token = prefix + tokenHash(user.email ?? '', otp);
  await sendMail(auth, 'confirmation', user.email ?? '', { ...userData(user), ConfirmationURL: verifyLink(auth, token, 'signup', referrer), Token: otp, TokenHash: token, RedirectTo: referrer });
  await updateUser(db, user.id, { confirmation_token: '$2', confirmation_sent_at: 'clock_timestamp()' }, [token]);
}

/** sendInvite: no frequency limit; the user becomes invited now. */
export async function sendInvite(db: AuthDb, auth: AuthApiSettings, user: UserRow, referrer: string): Promise<void> {
  const otp = generateOtp(auth.email.otpLength);
  const token = tokenHash(user.email ?? '', otp);
  await sendMail(auth, 'invite', user.email ?? '', { ...userData(user), ConfirmationURL: verifyLink(auth, token, 'invite', referrer), Token: otp, TokenHash: token, RedirectTo: referrer });
  await updateUser(db, user.id, { confirmation_token: '$2', confirmation_sent_at: 'clock_timestamp()', invited_at: 'clock_timestamp()' }, [token]);
}

/** sendPasswordRecovery and sendMagicLink: one recovery token, two mails (`recovery` or `magiclink`). */
export async function sendRecovery(db: AuthDb, auth: AuthApiSettings, user: UserRow, type: 'recovery' | 'magiclink', referrer: string, prefix = ''): Promise<void> {
  await checkFrequency(db, user, 'recovery_sent_at', auth.email.maxFrequency);
  const otp = generateOtp(auth.email.otpLength);
  const token = prefix + tokenHash(user.email ?? '', otp);
  const data = { ...userData(user), ConfirmationURL: verifyLink(auth, token, type, referrer), Token: otp, TokenHash: token, RedirectTo: referrer };
  await sendMail(auth, type === 'recovery' ? 'recovery' : 'magic_link', user.email ?? '', data);
  await updateUser(db, user.id, { recovery_token: '$2', recovery_sent_at: 'clock_timestamp()' }, [token]);
}

/**
 * sendEmailChange: a token for the new address, and with secure email change one for the current
 * address too, each mailed to its address; the confirmations start over.
 */
export async function sendEmailChange(db: AuthDb, auth: AuthApiSettings, user: UserRow, newEmail: string, referrer: string, prefix = ''): Promise<void> {
  await checkFrequency(db, user, 'email_change_sent_at', auth.email.maxFrequency);
  const otpNew = generateOtp(auth.email.otpLength);
  const tokenNew = prefix + tokenHash(newEmail, otpNew);
  const mails = [{ to: newEmail, otp: otpNew, token: tokenNew }];
  const sets: Record<string, string> = { email_change_token_new: '$2', email_change: '$3', email_change_sent_at: 'clock_timestamp()', email_change_confirm_status: '0' };
  const values: unknown[] = [tokenNew, newEmail];
  if (auth.email.secureEmailChange && user.email) {
    const otpCurrent = generateOtp(auth.email.otpLength);
    const tokenCurrent = prefix + tokenHash(user.email, otpCurrent);
    mails.push({ to: user.email, otp: otpCurrent, token: tokenCurrent });
    sets.email_change_token_current = '$4';
    values.push(tokenCurrent);
  }
  await Promise.all(
    mails.map((mail) =>
      sendMail(auth, 'email_change', mail.to, { ...userData(user), NewEmail: newEmail, ConfirmationURL: verifyLink(auth, mail.token, 'email_change', referrer), Token: mail.otp, TokenHash: mail.token, SendingTo: mail.to, RedirectTo: referrer }),
    ),
  );
  await updateUser(db, user.id, sets, values);
}

/** sendReauthenticationOtp: a code only, no link. */
export async function sendReauthentication(db: AuthDb, auth: AuthApiSettings, user: UserRow): Promise<void> {
  await checkFrequency(db, user, 'reauthentication_sent_at', auth.email.maxFrequency);
  const otp = generateOtp(auth.email.otpLength);
  await sendMail(auth, 'reauthentication', user.email ?? '', { ...userData(user), Token: otp });
  await updateUser(db, user.id, { reauthentication_token: '$2', reauthentication_sent_at: 'clock_timestamp()' }, [tokenHash(user.email ?? '', otp)]);
}
