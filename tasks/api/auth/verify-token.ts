/**
 * How GoTrue v2.132.3's /verify finds the user a one-time token belongs to: by the token hash
 * alone (a link's `token`, or `token_hash`: verifyTokenHash, refused with 401 `Email link is
 * invalid or has expired`), or by the address or number and the code (verifyUserAndToken, 404 for
 * nobody, 401 `Token has expired or is invalid`). A banned user is 401 `Error confirming user`.
 * Type `email` resolves to `signup` or `magiclink` by the column that holds the token.
 */
import type { AuthDb } from './auth-db.js';
import { badRequest, notFound, unauthorized } from './auth-error.js';
import type { AuthApiSettings } from './auth-settings.js';
import { findUserByPhoneChange, findUserByToken, findUserForEmailChange, sentWithin, TOKEN_HASH_COLUMNS, tokensOf } from './store/user-tokens.js';
import { findUserByEmail, findUserByPhone, type UserRow } from './store/users.js';

export interface VerifyTarget {
  type: string;
  tokenHash: string;
  email: string;
  phone: string;
}

/** Which *_sent_at dates a token of each type. */
const SENT_AT: Record<string, string> = { signup: 'confirmation_sent_at', invite: 'confirmation_sent_at', recovery: 'recovery_sent_at', magiclink: 'recovery_sent_at', email_change: 'email_change_sent_at' };

/** GoTrue's verifyTokenHash: the user and the resolved type. */
export async function userByTokenHash(db: AuthDb, auth: AuthApiSettings, target: VerifyTarget): Promise<{ user: UserRow; type: string }> {
  const columns = TOKEN_HASH_COLUMNS[target.type];
  if (!columns) throw badRequest('Invalid email verification type');
  const user = await findUserByToken(db, columns, target.tokenHash);
  if (!user) throw unauthorized('Email link is invalid or has expired');
  if (user.banned) throw unauthorized('Error confirming user');
  let type = target.type;
  if (type === 'email') type = (await tokensOf(db, user.id)).recovery_token === target.tokenHash ? 'magiclink' : 'signup';
  if (!(await sentWithin(db, user.id, SENT_AT[type], auth.email.otpExp))) throw unauthorized('Email link is invalid or has expired');
  return { user, type };
}

/** GoTrue's isOtpValid against one column: set, fresh, and the hash itself or its PKCE form. */
async function otpValid(db: AuthDb, user: UserRow, expected: string, sentAt: string, seconds: number, actual: string): Promise<boolean> {
  if (expected === '' || user[sentAt as keyof UserRow] === null) return false;
  if (actual !== expected && `pkce_${actual}` !== expected) return false;
  return sentWithin(db, user.id, sentAt, seconds);
}

/** GoTrue's verifyUserAndToken. */
export async function userByCode(db: AuthDb, auth: AuthApiSettings, target: VerifyTarget, aud: string): Promise<{ user: UserRow; type: string }> {
  let user: UserRow | undefined;
  if (target.type === 'phone_change') user = await findUserByPhoneChange(db, target.phone, aud);
  else if (target.type === 'sms') user = await findUserByPhone(db, target.phone, aud);
  else if (target.type === 'email_change') user = await findUserForEmailChange(db, target.email, target.tokenHash, aud, auth.email.secureEmailChange);
  else user = await findUserByEmail(db, target.email, aud);
  if (!user) throw notFound('User not found');
  if (user.banned) throw unauthorized('Error confirming user');
  const tokens = await tokensOf(db, user.id);
  const exp = auth.email.otpExp;
  const hash = target.tokenHash;
  let type = target.type;
  let valid = false;
  switch (type) {
    case 'email':
      if (await otpValid(db, user, tokens.confirmation_token, 'confirmation_sent_at', exp, hash)) [valid, type] = [true, 'signup'];
      else if (await otpValid(db, user, tokens.recovery_token, 'recovery_sent_at', exp, hash)) [valid, type] = [true, 'magiclink'];
      break;
    case 'signup':
    case 'invite':
      valid = await otpValid(db, user, tokens.confirmation_token, 'confirmation_sent_at', exp, hash);
      break;
    case 'recovery':
    case 'magiclink':
      valid = await otpValid(db, user, tokens.recovery_token, 'recovery_sent_at', exp, hash);
      break;
    case 'email_change':
      valid = (await otpValid(db, user, tokens.email_change_token_current, 'email_change_sent_at', exp, hash)) || (await otpValid(db, user, tokens.email_change_token_new, 'email_change_sent_at', exp, hash));
      break;
    case 'sms':
      valid = await otpValid(db, user, tokens.confirmation_token, 'confirmation_sent_at', auth.sms.otpExp, hash);
      break;
    case 'phone_change':
      valid = await otpValid(db, user, tokens.phone_change_token, 'phone_change_sent_at', auth.sms.otpExp, hash);
      break;
  }
  if (!valid) throw unauthorized('Token has expired or is invalid');
  return { user, type };
}
