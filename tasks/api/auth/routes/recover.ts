/**
 * POST /recover as GoTrue v2.132.3 answers it: a password recovery mail (link and code) to a
 * known address, `{}` alike for an unknown one (so it tells nobody who has an account), PKCE when
 * a code_challenge comes (a `recovery` flow state, a `pkce_` token), GoTrue's 429 within the
 * mail max frequency and its 500 when the mail cannot be sent.
 */
import { inTransaction } from '../auth-db.js';
import { internalError, tooManyRequests, unprocessable, withCause } from '../auth-error.js';
import { readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { validateEmail } from '../contact.js';
import { FrequencyLimit, sendRecovery } from '../mail-senders.js';
import { flowPrefix, parseChallengeMethod, validatePkceParams } from '../pkce.js';
import { referrerOf } from '../redirect-url.js';
import { audit } from '../store/audit-log.js';
import { insertFlowState } from '../store/flow-states.js';
import { findUserByEmail } from '../store/users.js';
import { actorOf } from './signup.js';

const RECOVER_PARAMS = { name: 'RecoverParams', fields: { email: 'string', code_challenge: 'string', code_challenge_method: 'string' } } as const;

export async function recover({ request, state }: RouteContext): Promise<AuthReply> {
  const { auth, pool } = state;
  const params = readParams(request, RECOVER_PARAMS, 'Could not read verification params');
  const challenge = (params.code_challenge as string | undefined) ?? '';
  const method = (params.code_challenge_method as string | undefined) ?? '';
  if (!params.email) throw unprocessable('Password recovery requires an email');
  const email = validateEmail(params.email as string);
  validatePkceParams(method, challenge);
  const user = await findUserByEmail(pool, email, requestAud(request));
  if (!user) return { status: 200, body: {} };
  try {
    await inTransaction(pool, async (tx) => {
      await audit(tx, actorOf(user), 'user_recovery_requested');
      if (challenge) await insertFlowState(tx, { providerType: 'recovery', codeChallenge: challenge, codeChallengeMethod: parseChallengeMethod(method), authenticationMethod: 'recovery', userId: user.id });
      await sendRecovery(tx, auth, user, 'recovery', referrerOf(request, auth), flowPrefix(challenge));
    });
  } catch (error) {
    if (error instanceof FrequencyLimit) throw tooManyRequests('For security purposes, you can only request this once every 60 seconds');
    throw withCause(internalError('Unable to process request'), error);
  }
  return { status: 200, body: {} };
}
