/**
 * POST /signup as GoTrue v2.132.3 answers it: email (or phone) and password, `data` becoming the
 * user's metadata. A new user is inserted (then given its role, so an insert trigger sees the row
 * as GoTrue writes it) with its own identity, in one transaction. With autoconfirm (the local
 * default: `enable_confirmations = false`) the user is confirmed and signed in at once (a session
 * and tokens); otherwise a confirmation token is written and the unconfirmed user answered. An
 * address already confirmed is `User already registered` under autoconfirm; without it GoTrue
 * answers a made-up user so that signup does not reveal who has an account.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../auth-db.js';
import { AuthError, badRequest, forbidden, internalError, tooManyRequests, unprocessable, withCause } from '../auth-error.js';
import { clientOf, readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { validateEmail, validatePhone } from '../contact.js';
import { FrequencyLimit, sendConfirmation } from '../mail-senders.js';
import { requireSmsProvider, sendPhoneOtp } from '../phone-otp.js';
import { flowPrefix, parseChallengeMethod, validatePkceParams } from '../pkce.js';
import { referrerOf } from '../redirect-url.js';
import { insertFlowState } from '../store/flow-states.js';
import { hashPassword, passwordStrengthError } from '../password.js';
import { audit, type AuditActor } from '../store/audit-log.js';
import { identitiesOf, insertIdentity, ownProviderClaims } from '../store/identities.js';
import { confirmEmail, confirmPhone, findDuplicateEmail, findUserById, findUserByPhone, insertUser, setRole, userJson, type UserRow } from '../store/users.js';
import { issueSession } from '../tokens.js';

const SIGNUP_PARAMS = { name: 'SignupParams', fields: { email: 'string', phone: 'string', password: 'string', data: 'map', channel: 'string', code_challenge_method: 'string', code_challenge: 'string' } } as const;

/** GoTrue's JWT default group: the role of every new user. */
export const DEFAULT_ROLE = 'authenticated';

/** The audit log's view of a user. */
export const actorOf = (user: UserRow): AuditActor => ({ id: user.id, email: user.email, phone: user.phone, isSsoUser: user.is_sso_user, userMetaData: user.raw_user_meta_data });

/** GoTrue's invalidSignupError: what to provide, by which providers are on. */
function invalidSignup(email: boolean, phone: boolean): never {
  if (email && phone) throw unprocessable('To signup, please provide your email or phone number');
  if (email) throw unprocessable('To signup, please provide your email');
  if (phone) throw unprocessable('To signup, please provide your phone number');
  throw unprocessable('To signup, please provide required fields');
}

export async function signup(context: RouteContext): Promise<AuthReply> {
  if (context.state.auth.disableSignup) throw forbidden('Signups not allowed for this instance');
  return signUpWith(context, readParams(context.request, SIGNUP_PARAMS, 'Could not read Signup params'));
}

/** GoTrue's Signup on decoded params: also what the OTP flows call for a user they must create. */
export async function signUpWith({ request, state }: RouteContext, params: Record<string, unknown>): Promise<AuthReply> {
  const { auth, pool } = state;
  if (auth.disableSignup) throw forbidden('Signups not allowed for this instance');
  let email = (params.email as string | undefined) ?? '';
  let phone = (params.phone as string | undefined) ?? '';
  const password = (params.password as string | undefined) ?? '';
  const data = (params.data as Record<string, unknown> | undefined) ?? {};
  const provider = email ? 'email' : phone ? 'phone' : '';
  const channel = (params.channel as string | undefined) || 'sms';
  const challenge = (params.code_challenge as string | undefined) ?? '';
  const challengeMethod = (params.code_challenge_method as string | undefined) ?? '';
  if (password === '') throw unprocessable('Signup requires a valid password');
  const weak = passwordStrengthError(password);
  if (weak) throw weak;
  if (email && phone) throw unprocessable('Only an email address or phone number should be provided on signup.');
  // Phone signups answer tokens in the body; PKCE has nothing to protect there.
  if (phone && challenge) throw badRequest('PKCE not supported for phone signups');
  validatePkceParams(challengeMethod, challenge);
  if (challenge) parseChallengeMethod(challengeMethod);
  if (provider === 'phone' && channel !== 'sms' && !(channel === 'whatsapp' && auth.sms.provider.startsWith('twilio'))) throw badRequest("Invalid channel, supported values are 'sms' or 'whatsapp'");
  const aud = requestAud(request);
  let existing: UserRow | undefined;
  if (provider === 'email') {
    if (!auth.email.enabled) throw badRequest('Email signups are disabled');
    email = validateEmail(email);
    existing = await findDuplicateEmail(pool, email, aud);
  } else if (provider === 'phone') {
    if (!auth.sms.enabled) throw badRequest('Phone signups are disabled');
    phone = validatePhone(phone);
    existing = await findUserByPhone(pool, phone, aud);
  } else {
    invalidSignup(auth.email.enabled, auth.sms.enabled);
  }
  const confirmed = (user: UserRow) => (provider === 'email' ? user.email_confirmed_at !== null : user.phone_confirmed_at !== null);
  if (existing && confirmed(existing)) {
    const repeated = existing;
    await inTransaction(pool, (tx) => audit(tx, actorOf(repeated), 'user_repeated_signup', { provider }));
    if (auth.email.autoconfirm || auth.sms.autoconfirm) throw badRequest('User already registered');
    return { status: 200, body: obfuscatedUser(aud, provider, email, phone, data) };
  }
  // GoTrue hashes before its transaction; a password bcrypt cannot take fails it there.
  let hash = '';
  if (!existing) {
    try {
      hash = await hashPassword(password);
    } catch {
      throw internalError('Database error creating user');
    }
  }
  const userId = await inTransaction(pool, async (tx) => {
    let user = existing;
    if (!user) {
      const id = randomUUID();
      await insertUser(tx, { id, aud, email: provider === 'email' ? email : '', phone: provider === 'phone' ? phone : '', encryptedPassword: hash, appMetaData: { provider, providers: [provider] }, userMetaData: data });
      await setRole(tx, id, DEFAULT_ROLE);
      // Reloaded: triggers may have changed the row as it went in.
      user = (await findUserById(tx, id))!;
      await insertIdentity(tx, id, provider, ownProviderClaims(id, provider === 'email' ? { email: user.email ?? '' } : { phone: user.phone ?? '' }));
    }
    if (provider === 'email' && user.email_confirmed_at === null) {
      if (auth.email.autoconfirm) {
        await audit(tx, actorOf(user), 'user_signedup', { provider });
        await confirmEmail(tx, user.id);
      } else {
        await audit(tx, actorOf(user), 'user_confirmation_requested', { provider });
        if (challenge) await insertFlowState(tx, { providerType: provider, codeChallenge: challenge, codeChallengeMethod: parseChallengeMethod(challengeMethod), authenticationMethod: 'email/signup', userId: user.id });
        try {
          await sendConfirmation(tx, auth, user, referrerOf(request, auth), flowPrefix(challenge));
        } catch (error) {
          if (error instanceof FrequencyLimit) throw tooManyRequests(`For security purposes, you can only request this after ${Math.floor(error.secondsLeft)} seconds.`);
          throw withCause(internalError('Error sending confirmation mail'), error);
        }
      }
    } else if (provider === 'phone' && user.phone_confirmed_at === null) {
      if (auth.sms.autoconfirm) {
        await audit(tx, actorOf(user), 'user_signedup', { provider, channel });
        await confirmPhone(tx, user.id);
      } else {
        await audit(tx, actorOf(user), 'user_confirmation_requested', { provider });
        try {
          requireSmsProvider(auth);
          await sendPhoneOtp(tx, auth, user, phone, 'confirmation');
        } catch (error) {
          if (error instanceof FrequencyLimit) throw tooManyRequests('For security purposes, you can only request this once every minute');
          throw badRequest(`Error sending confirmation sms: ${(error as Error).message}`);
        }
      }
    }
    return user.id;
  }).catch((error: unknown) => {
    // GoTrue's 'Database error saving new user' (a trigger's own error may be answered instead).
    throw error instanceof AuthError ? error : withCause(internalError('Database error saving new user'), error);
  });
  const user = (await findUserById(pool, userId))!;
  if (user.email_confirmed_at !== null || user.phone_confirmed_at !== null) {
    const tokens = await inTransaction(pool, async (tx) => {
      await audit(tx, actorOf(user), 'login', { provider });
      return issueSession(tx, state, user.id, 'password', clientOf(request));
    });
    return { status: 200, body: tokens };
  }
  const invited = user.invited_at !== null;
  return { status: 200, body: userJson(invited ? { ...user, raw_user_meta_data: {} } : user, invited ? [] : await identitiesOf(pool, user.id)) };
}

/** GoTrue's sanitizeUser: a plausible unconfirmed user with a new id, for a repeated signup. */
function obfuscatedUser(aud: string, provider: string, email: string, phone: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString().replace(/\.(\d+)Z$/, '.$1000Z');
  return {
    id: randomUUID(),
    aud,
    role: '',
    email,
    phone,
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
  };
}
