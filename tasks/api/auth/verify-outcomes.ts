/**
 * What a verified one-time token does, as GoTrue v2.132.3's verify does it, in the caller's
 * transaction: a signup or invite confirms the address (an invited user without a password gets
 * a random one, for the application to replace), a recovery or magic link spends the recovery
 * token and confirms an unconfirmed address (else it is a login), an SMS code confirms the phone
 * or moves the pending number in, and an email change either records the first of two
 * confirmations (secure change: `single`) or moves the new address in.
 */
import { randomBytes } from 'node:crypto';
import type { AuthDb } from './auth-db.js';
import type { AuthApiSettings } from './auth-settings.js';
import { hashPassword } from './password.js';
import { audit } from './store/audit-log.js';
import { updateIdentityData } from './store/identities.js';
import { tokensOf } from './store/user-tokens.js';
import { confirmEmail, findUserById, setEncryptedPassword, updateUser, type UserRow } from './store/users.js';
import { actorOf } from './routes/signup.js';

/** Applies a verified token of `type` to `user`; `single` when a secure email change awaits its other link. */
export async function applyVerification(db: AuthDb, auth: AuthApiSettings, user: UserRow, type: string, tokenHash: string): Promise<UserRow | 'single'> {
  switch (type) {
    case 'signup':
    case 'invite':
      if (!user.encrypted_password && user.invited_at !== null) await setEncryptedPassword(db, user.id, await hashPassword(randomBytes(48).toString('base64url')));
      await audit(db, actorOf(user), 'user_signedup');
      await confirmEmail(db, user.id);
      break;
    case 'recovery':
    case 'magiclink':
      await updateUser(db, user.id, { recovery_token: "''" });
      if (user.email_confirmed_at === null) {
        await audit(db, actorOf(user), 'user_signedup');
        await confirmEmail(db, user.id);
      } else {
        await audit(db, actorOf(user), 'login');
      }
      break;
    case 'sms':
      await audit(db, actorOf(user), 'user_signedup');
      await updateUser(db, user.id, { confirmation_token: "''", phone_confirmed_at: 'clock_timestamp()' });
      break;
    case 'phone_change':
      await audit(db, actorOf(user), 'user_signedup');
      await updateUser(db, user.id, { phone: 'phone_change', phone_change: "''", phone_change_token: "''", phone_confirmed_at: 'clock_timestamp()' });
      await updateIdentityData(db, user.id, 'phone', { phone: user.phone_change });
      break;
    case 'email_change': {
      const tokens = await tokensOf(db, user.id);
      if (auth.email.secureEmailChange && tokens.email_change_confirm_status === 0 && user.email) {
        const current = tokens.email_change_token_current === tokenHash || tokens.email_change_token_current === `pkce_${tokenHash}`;
        const column = current ? 'email_change_token_current' : 'email_change_token_new';
        await updateUser(db, user.id, { email_change_confirm_status: '1', [column]: "''" });
        return 'single';
      }
      await audit(db, actorOf(user), 'user_modified');
      await updateUser(db, user.id, {
        email: 'email_change',
        email_change: "''",
        email_change_token_current: "''",
        email_change_token_new: "''",
        email_change_confirm_status: '0',
        email_confirmed_at: 'coalesce(email_confirmed_at, clock_timestamp())',
      });
      await updateIdentityData(db, user.id, 'email', { email: user.email_change });
      break;
    }
  }
  return (await findUserById(db, user.id))!;
}
