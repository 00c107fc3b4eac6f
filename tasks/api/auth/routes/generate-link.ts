/**
 * POST /admin/generate_link as GoTrue v2.132.3 answers it: the link (and OTP and hashed token) of
 * a signup, invite, magic link, recovery or email change, made as the mail flows make them but
 * handed to the admin instead of mailed. A magic link for an unknown address becomes a signup
 * link with a random password; recovery and email change need an existing user (404).
 */
import { randomBytes } from 'node:crypto';
import { inTransaction } from '../auth-db.js';
import { AuthError, badRequest, internalError, notFound, unprocessable, withCause } from '../auth-error.js';
import { requestAud } from '../auth-request.js';
import type { AdminCaller, AuthReply, RouteContext } from '../auth-state.js';
import { generateOtp, tokenHash } from '../confirmation-token.js';
import { validateEmail } from '../contact.js';
import { verifyLink } from '../mail/mailer.js';
import { hashPassword, passwordStrengthError } from '../password.js';
import { isRedirectAllowed, referrerOf } from '../redirect-url.js';
import { audit } from '../store/audit-log.js';
import { identitiesOf } from '../store/identities.js';
import { findDuplicateEmail, findUserByEmail, findUserById, mergeMetaData, setUserMetaData, updateUser, userJson } from '../store/users.js';
import { DUPLICATE_EMAIL, newEmailUser } from './invite.js';
import { actorOf } from './signup.js';

/** The link's verify type for each requested type. */
const LINK_TYPE: Record<string, string> = { signup: 'signup', invite: 'invite', magiclink: 'magiclink', recovery: 'recovery', email_change_current: 'email_change', email_change_new: 'email_change' };

export async function generateLink({ request, state, caller }: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { auth, pool } = state;
  let params: Record<string, unknown>;
  try {
    params = JSON.parse(request.body) as Record<string, unknown>;
  } catch (error) {
    throw badRequest(`Could not parse JSON: ${(error as Error).message}`);
  }
  const str = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : '');
  let type = str('type');
  const email = validateEmail(str('email'));
  const data = (params.data && typeof params.data === 'object' ? params.data : {}) as Record<string, unknown>;
  const redirectTo = isRedirectAllowed(auth, str('redirect_to')) ? str('redirect_to') : referrerOf(request, auth);
  const aud = requestAud(request, caller.claims);
  const existing = await findUserByEmail(pool, email, aud);
  let password = str('password');
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup';
      password = randomBytes(48).toString('base64url');
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw notFound('User not found');
    }
  }
  if (!LINK_TYPE[type]) throw badRequest(`Invalid email action link type requested: ${type}`);
  if (type === 'signup' && !existing) {
    // GoTrue's validateSignupParams, as a signup of the address would run it.
    if (password === '') throw unprocessable('Signup requires a valid password');
    const weak = passwordStrengthError(password);
    if (weak) throw weak;
  }
  const otp = generateOtp(auth.email.otpLength);
  const hashed = tokenHash(email, otp);
  const hash = type === 'signup' && !existing ? await hashPassword(password) : '';
  let linkToken = hashed;
  const id = await inTransaction(pool, async (tx) => {
    let user = existing;
    switch (type) {
      case 'magiclink':
      case 'recovery':
        await audit(tx, actorOf(user!), 'user_recovery_requested');
        await updateUser(tx, user!.id, { recovery_token: '$2', recovery_sent_at: 'clock_timestamp()' }, [hashed]);
        break;
      case 'invite':
        if (user && user.email_confirmed_at !== null) throw unprocessable(DUPLICATE_EMAIL);
        user ??= await newEmailUser(tx, email, aud, data);
        await audit(tx, caller.actor, 'user_invited', { user_email: user.email, user_id: user.id });
        await updateUser(tx, user.id, { confirmation_token: '$2', confirmation_sent_at: 'clock_timestamp()', invited_at: 'clock_timestamp()' }, [hashed]);
        break;
      case 'signup':
        if (user) {
          if (user.email_confirmed_at !== null) throw unprocessable(DUPLICATE_EMAIL);
          await setUserMetaData(tx, user.id, mergeMetaData(user.raw_user_meta_data, data));
        } else {
          user = await newEmailUser(tx, email, aud, data, hash);
        }
        await updateUser(tx, user.id, { confirmation_token: '$2', confirmation_sent_at: 'clock_timestamp()' }, [hashed]);
        break;
      default: {
        if (!auth.email.secureEmailChange && type === 'email_change_current') throw unprocessable('Enable secure email change to generate link for current email');
        let newEmail: string;
        try {
          newEmail = validateEmail(str('new_email'));
        } catch {
          throw unprocessable('The new email address provided is invalid');
        }
        if (await findDuplicateEmail(tx, newEmail, user!.aud ?? aud, user!.id)) throw unprocessable(DUPLICATE_EMAIL);
        const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
        if (type === 'email_change_new') linkToken = tokenHash(newEmail, otp);
        await updateUser(tx, user!.id, { [column]: '$2', email_change: '$3', email_change_sent_at: 'clock_timestamp()', email_change_confirm_status: '0' }, [linkToken, newEmail]);
      }
    }
    return user!.id;
  }).catch((error: unknown) => {
    throw error instanceof AuthError ? error : withCause(internalError('Database error saving new user'), error);
  });
  const user = (await findUserById(pool, id))!;
  return {
    status: 200,
    body: {
      ...userJson(user, await identitiesOf(pool, id)),
      action_link: verifyLink(auth, linkToken, LINK_TYPE[type], redirectTo),
      email_otp: otp,
      hashed_token: hashed,
      verification_type: type,
      redirect_to: redirectTo,
    },
  };
}
