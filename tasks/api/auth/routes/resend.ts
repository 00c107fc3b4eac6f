/**
 * POST /resend as GoTrue v2.132.3 answers it: the signup confirmation mail, the email change
 * mails, or the SMS code (signup or phone change) sent again; `{}` when there is nobody or
 * nothing pending, so it tells nothing; GoTrue's 429 within the max frequency.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, internalError, tooManyRequests, withCause } from '../auth-error.js';
import { readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { validateEmail, validatePhone } from '../contact.js';
import { FrequencyLimit, sendConfirmation, sendEmailChange } from '../mail-senders.js';
import { requireSmsProvider, sendPhoneOtp } from '../phone-otp.js';
import { referrerOf } from '../redirect-url.js';
import { audit } from '../store/audit-log.js';
import { findUserByEmail, findUserByPhone } from '../store/users.js';
import { actorOf } from './signup.js';

const RESEND_PARAMS = { name: 'ResendConfirmationParams', fields: { type: 'string', email: 'string', phone: 'string' } } as const;

export async function resend({ request, state }: RouteContext): Promise<AuthReply> {
  const { auth, pool } = state;
  const params = readParams(request, RESEND_PARAMS, 'Could not read params');
  const type = (params.type as string | undefined) ?? '';
  let email = (params.email as string | undefined) ?? '';
  let phone = (params.phone as string | undefined) ?? '';
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) throw badRequest('Missing one of these types: signup, email_change, sms, phone_change');
  if (email === '' && type === 'signup') throw badRequest('Type provided requires an email address');
  if (phone === '' && type === 'sms') throw badRequest('Type provided requires a phone number');
  if (email !== '' && phone !== '') throw badRequest('Only an email address or phone number should be provided.');
  if (email !== '') {
    if (!auth.email.enabled) throw badRequest('Email logins are disabled');
    email = validateEmail(email);
  } else if (phone !== '') {
    if (!auth.sms.enabled) throw badRequest('Phone logins are disabled');
    phone = validatePhone(phone);
  } else {
    throw badRequest('Missing email address or phone number');
  }
  const aud = requestAud(request);
  const user = email ? await findUserByEmail(pool, email, aud) : await findUserByPhone(pool, phone, aud);
  if (!user) return { status: 200, body: {} };
  const nothingPending =
    (type === 'signup' && user.email_confirmed_at !== null) || (type === 'sms' && user.phone_confirmed_at !== null) || (type === 'email_change' && !user.email_change) || (type === 'phone_change' && !user.phone_change);
  if (nothingPending) return { status: 200, body: {} };
  const referrer = referrerOf(request, auth);
  let messageId = '';
  try {
    await inTransaction(pool, async (tx) => {
      if (type === 'signup') {
        await audit(tx, actorOf(user), 'user_confirmation_requested');
        await sendConfirmation(tx, auth, user, referrer);
      } else if (type === 'email_change') {
        await sendEmailChange(tx, auth, user, user.email_change ?? '', referrer);
      } else {
        if (type === 'sms') await audit(tx, actorOf(user), 'user_recovery_requested');
        requireSmsProvider(auth);
        messageId = type === 'sms' ? await sendPhoneOtp(tx, auth, user, phone, 'confirmation') : await sendPhoneOtp(tx, auth, user, user.phone_change ?? '', 'phone_change');
      }
    });
  } catch (error) {
    // GoTrue counts the seconds from confirmation_sent_at whatever the type.
    if (error instanceof FrequencyLimit) throw tooManyRequests(`For security purposes, you can only request this once every ${Math.floor(error.secondsLeft)} seconds.`);
    throw withCause(internalError('Unable to process request'), error);
  }
  return { status: 200, body: messageId ? { message_id: messageId } : {} };
}
