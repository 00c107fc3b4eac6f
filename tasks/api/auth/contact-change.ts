/**
 * What PUT /user does with a new email or phone, as GoTrue v2.132.3's UserUpdate does it inside
 * its transaction (plugged into routes/user.ts's CONTACT_CHANGE): the identity of that provider
 * takes the new value at once (created if the user had none), then a new email gets the email
 * change mail (to both addresses with `double_confirm_changes`, a PKCE flow state first when a
 * code_challenge came) and a new phone is either set (SMS autoconfirm) or sent a code.
 */
import type { AuthDb } from './auth-db.js';
import { AuthError, badRequest, internalError, tooManyRequests, withCause } from './auth-error.js';
import { readParams } from './auth-request.js';
import type { RouteContext, UserCaller } from './auth-state.js';
import { FrequencyLimit, sendEmailChange } from './mail-senders.js';
import { requireSmsProvider, sendPhoneOtp } from './phone-otp.js';
import { flowPrefix, parseChallengeMethod } from './pkce.js';
import { referrerOf } from './redirect-url.js';
import { insertFlowState } from './store/flow-states.js';
import { insertIdentity, ownProviderClaims, updateIdentityData } from './store/identities.js';
import { setPhone } from './store/users.js';
import type { ContactChange } from './routes/user.js';

const CHALLENGE_PARAMS = { name: 'UserUpdateParams', fields: { code_challenge: 'string', code_challenge_method: 'string' } } as const;

async function identityTakes(db: AuthDb, userId: string, provider: 'email' | 'phone', value: string): Promise<void> {
  if (!(await updateIdentityData(db, userId, provider, { [provider]: value }))) await insertIdentity(db, userId, provider, ownProviderClaims(userId, { [provider]: value }));
}

export const applyContactChange: ContactChange = async (tx, context: RouteContext<UserCaller>, change) => {
  const { request, state, caller } = context;
  const { auth } = state;
  const { user } = caller;
  if (change.email) {
    await identityTakes(tx, user.id, 'email', change.email);
    // The hook is handed the contact only; the challenge is read from the same body again.
    const params = readParams(request, CHALLENGE_PARAMS, 'Could not read User Update params');
    const challenge = (params.code_challenge as string | undefined) ?? '';
    if (challenge) {
      await insertFlowState(tx, { providerType: 'email_change', codeChallenge: challenge, codeChallengeMethod: parseChallengeMethod((params.code_challenge_method as string | undefined) ?? ''), authenticationMethod: 'email_change', userId: user.id });
    }
    try {
      await sendEmailChange(tx, auth, user, change.email, referrerOf(request, auth), flowPrefix(challenge));
    } catch (error) {
      if (error instanceof FrequencyLimit) throw tooManyRequests('For security purposes, you can only request this once every 60 seconds');
      throw withCause(internalError('Error sending change email'), error);
    }
  }
  if (change.phone) {
    await identityTakes(tx, user.id, 'phone', change.phone);
    if (auth.sms.autoconfirm) return setPhone(tx, user.id, change.phone);
    try {
      requireSmsProvider(auth);
    } catch (error) {
      throw badRequest(`Error sending sms: ${(error as Error).message}`);
    }
    try {
      await sendPhoneOtp(tx, auth, user, change.phone, 'phone_change');
    } catch (error) {
      throw error instanceof AuthError ? error : withCause(internalError('Error sending phone change otp'), error);
    }
  }
};
