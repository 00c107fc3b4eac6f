/**
 * POST /otp and POST /magiclink as GoTrue v2.132.3 answers them. /otp takes an email (a magic
 * link and code by mail) or a phone (a code by SMS, here a test OTP); with `create_user: false`
 * an unknown address is GoTrue's `Signups not allowed for otp`. A user who does not exist or has
 * not confirmed yet is signed up first with a random password (GoTrue's temporary one): under
 * autoconfirm the link or code then follows, otherwise the signup's confirmation was the message.
 * A `code_challenge` makes the magic link PKCE (a flow state, a `pkce_` token).
 */
import { randomBytes } from 'node:crypto';
import { inTransaction } from '../auth-db.js';
import { badRequest, internalError, otpError, tooManyRequests, unprocessable, withCause } from '../auth-error.js';
import { readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { validateEmail, validatePhone } from '../contact.js';
import { FrequencyLimit, sendRecovery } from '../mail-senders.js';
import { requireSmsProvider, sendPhoneOtp } from '../phone-otp.js';
import { flowPrefix, parseChallengeMethod, validatePkceParams } from '../pkce.js';
import { referrerOf } from '../redirect-url.js';
import { audit } from '../store/audit-log.js';
import { insertFlowState } from '../store/flow-states.js';
import { findUserByEmail, findUserByPhone } from '../store/users.js';
import { actorOf, signUpWith } from './signup.js';

const OTP_PARAMS = {
  name: 'OtpParams',
  fields: { email: 'string', phone: 'string', create_user: 'bool', data: 'map', channel: 'string', code_challenge_method: 'string', code_challenge: 'string' },
} as const;

const MAGIC_LINK_PARAMS = { name: 'MagicLinkParams', fields: { email: 'string', data: 'map', code_challenge_method: 'string', code_challenge: 'string' } } as const;

/** GoTrue's InvalidChannelError. */
const INVALID_CHANNEL = "Invalid channel, supported values are 'sms' or 'whatsapp'";

/** GoTrue's temporary password for a user an OTP flow creates: 64 characters nobody knows. */
const temporaryPassword = (): string => randomBytes(48).toString('base64url');

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface MagicLinkInput {
  email: string;
  data: Record<string, unknown>;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** GoTrue's MagicLink on decoded params. */
export async function magicLinkWith(context: RouteContext, input: MagicLinkInput): Promise<AuthReply> {
  const { request, state } = context;
  const { auth, pool } = state;
  if (!auth.email.enabled) throw badRequest('Email logins are disabled');
  if (input.email === '') throw unprocessable('Password recovery requires an email');
  const email = validateEmail(input.email);
  validatePkceParams(input.codeChallengeMethod, input.codeChallenge);
  const user = await findUserByEmail(pool, email, requestAud(request));
  if (!user || user.email_confirmed_at === null) {
    await signUpWith(context, { email, password: temporaryPassword(), data: input.data, code_challenge: input.codeChallenge, code_challenge_method: input.codeChallengeMethod });
    // Under autoconfirm the user is confirmed now and gets the link; otherwise the confirmation mail was it.
    if (auth.email.autoconfirm) return magicLinkWith(context, input);
    return { status: 200, body: {} };
  }
  try {
    await inTransaction(pool, async (tx) => {
      await audit(tx, actorOf(user), 'user_recovery_requested');
      if (input.codeChallenge) {
        await insertFlowState(tx, { providerType: 'magiclink', codeChallenge: input.codeChallenge, codeChallengeMethod: parseChallengeMethod(input.codeChallengeMethod), authenticationMethod: 'magiclink', userId: user.id });
      }
      await sendRecovery(tx, auth, user, 'magiclink', referrerOf(request, auth), flowPrefix(input.codeChallenge));
    });
  } catch (error) {
    if (error instanceof FrequencyLimit) throw tooManyRequests('For security purposes, you can only request this once every 60 seconds');
    throw withCause(internalError('Error sending magic link'), error);
  }
  return { status: 200, body: {} };
}

export async function magicLink(context: RouteContext): Promise<AuthReply> {
  const params = readParams(context.request, MAGIC_LINK_PARAMS, 'Could not read verification params');
  return magicLinkWith(context, { email: str(params.email), data: (params.data as Record<string, unknown> | undefined) ?? {}, codeChallenge: str(params.code_challenge), codeChallengeMethod: str(params.code_challenge_method) });
}

/** GoTrue's IsValidMessageChannel. */
function validChannel(channel: string, provider: string): boolean {
  return channel === 'sms' || (channel === 'whatsapp' && provider.startsWith('twilio'));
}

/** GoTrue's SmsOtp: a code to the phone, the user created first when new or unconfirmed. */
async function smsOtp(context: RouteContext, phoneIn: string, channelIn: string, data: Record<string, unknown>): Promise<AuthReply> {
  const { request, state } = context;
  const { auth, pool } = state;
  if (!auth.sms.enabled) throw badRequest('Unsupported phone provider');
  const channel = channelIn || 'sms';
  if (!validChannel(channel, auth.sms.provider)) throw badRequest(INVALID_CHANNEL);
  const phone = validatePhone(phoneIn);
  const user = await findUserByPhone(pool, phone, requestAud(request));
  if (!user || user.phone_confirmed_at === null) {
    await signUpWith(context, { phone, password: temporaryPassword(), data, channel });
    if (auth.sms.autoconfirm) return smsOtp(context, phone, channel, {});
    return { status: 200, body: {} };
  }
  const messageId = await inTransaction(pool, async (tx) => {
    await audit(tx, actorOf(user), 'user_recovery_requested', { channel });
    try {
      requireSmsProvider(auth);
    } catch (error) {
      throw badRequest(`Error sending sms: ${(error as Error).message}`);
    }
    try {
      return await sendPhoneOtp(tx, auth, user, phone, 'confirmation');
    } catch (error) {
      throw badRequest(`Error sending sms OTP: ${(error as Error).message}`);
    }
  });
  return { status: 200, body: messageId ? { message_id: messageId } : {} };
}

/** GoTrue's shouldCreateUser: false when create_user is off and nobody has the address. */
async function mayCreate(context: RouteContext, params: Record<string, unknown>, email: string, phone: string): Promise<boolean> {
  if (params.create_user !== false) return true;
  const { pool } = context.state;
  const aud = requestAud(context.request);
  if (email) return (await findUserByEmail(pool, validateEmail(email), aud)) !== undefined;
  if (phone) return (await findUserByPhone(pool, validatePhone(phone), aud)) !== undefined;
  return true;
}

export async function otp(context: RouteContext): Promise<AuthReply> {
  const params = readParams(context.request, OTP_PARAMS, 'Could not read verification params');
  const email = str(params.email);
  const phone = str(params.phone);
  const channel = str(params.channel);
  const data = (params.data as Record<string, unknown> | undefined) ?? {};
  if (email && phone) throw badRequest('Only an email address or phone number should be provided');
  if (email && channel) throw badRequest('Channel should only be specified with Phone OTP');
  validatePkceParams(str(params.code_challenge_method), str(params.code_challenge));
  if (!(await mayCreate(context, params, email, phone))) throw badRequest('Signups not allowed for otp');
  if (email) return magicLinkWith(context, { email, data, codeChallenge: str(params.code_challenge), codeChallengeMethod: str(params.code_challenge_method) });
  if (phone) return smsOtp(context, phone, channel, data);
  throw otpError('unsupported_otp_type');
}
