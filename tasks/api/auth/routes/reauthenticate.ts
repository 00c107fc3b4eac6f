/**
 * GET /reauthenticate as GoTrue v2.132.3 answers it: a code (nonce) for the signed-in user by mail
 * to a confirmed email, else by SMS (a test OTP here) to a confirmed phone, refused within the
 * max frequency. The CLI leaves GoTrue's secure password change off, so PUT /user asks no nonce.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, internalError, tooManyRequests, unprocessable, withCause } from '../auth-error.js';
import type { AuthReply, RouteContext, UserCaller } from '../auth-state.js';
import { FrequencyLimit, sendReauthentication } from '../mail-senders.js';
import { requireSmsProvider, sendPhoneOtp } from '../phone-otp.js';
import { audit } from '../store/audit-log.js';
import { actorOf } from './signup.js';

export async function reauthenticate({ state, caller }: RouteContext<UserCaller>): Promise<AuthReply> {
  const { auth, pool } = state;
  const { user } = caller;
  const email = user.email ?? '';
  const phone = user.phone ?? '';
  if (!email && !phone) throw unprocessable('Reauthentication requires the user to have an email or a phone number');
  if (email && user.email_confirmed_at === null) throw badRequest('Please verify your email first.');
  if (!email && user.phone_confirmed_at === null) throw badRequest('Please verify your phone first.');
  let messageId = '';
  try {
    await inTransaction(pool, async (tx) => {
      await audit(tx, actorOf(user), 'user_reauthenticate_requested');
      if (email) return sendReauthentication(tx, auth, user);
      try {
        requireSmsProvider(auth);
      } catch (error) {
        throw badRequest(`Error sending sms: ${(error as Error).message}`);
      }
      messageId = await sendPhoneOtp(tx, auth, user, phone, 'reauthentication');
    });
  } catch (error) {
    if (error instanceof FrequencyLimit) throw tooManyRequests('For security purposes, you can only request this once every 60 seconds');
    if (error instanceof Error && error.name === 'AuthError') throw error;
    throw withCause(internalError('Error sending reauthentication'), error);
  }
  return { status: 200, body: messageId ? { message_id: messageId } : {} };
}
