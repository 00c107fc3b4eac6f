/**
 * POST /token?grant_type=pkce as GoTrue v2.132.3 answers it: the auth code of a redirect and the
 * client's code verifier exchanged for a session. A code with no flow state (or one not tied to a
 * user) is 403, as are an expired flow (300 s) and a verifier that does not match the challenge;
 * the flow state is spent with the exchange. An OAuth flow's answer also carries the provider's
 * tokens the callback stored (provider_token, and provider_refresh_token when the provider gave one).
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, forbidden } from '../auth-error.js';
import { clientOf, readParams } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { pkceMismatch } from '../pkce.js';
import { audit } from '../store/audit-log.js';
import { deleteFlowState, findFlowStateByAuthCode } from '../store/flow-states.js';
import { findUserById } from '../store/users.js';
import { issueSession, type AuthMethod } from '../tokens.js';
import { actorOf } from './signup.js';

const PKCE_PARAMS = { name: 'PKCEGrantParams', fields: { auth_code: 'string', code_verifier: 'string' } } as const;

/** The session's AMR method for a flow's authentication_method. */
const METHODS: Record<string, AuthMethod> = { 'email/signup': 'email_signup', magiclink: 'magiclink', recovery: 'recovery', invite: 'invite', email_change: 'email_change', oauth: 'oauth', otp: 'otp' };

export async function pkceGrant({ request, state }: RouteContext): Promise<AuthReply> {
  const { pool } = state;
  let params: Record<string, unknown>;
  try {
    params = readParams(request, PKCE_PARAMS, 'invalid body');
  } catch {
    throw badRequest('invalid body: unable to parse JSON');
  }
  const code = (params.auth_code as string | undefined) ?? '';
  const verifier = (params.code_verifier as string | undefined) ?? '';
  if (code === '' || verifier === '') throw badRequest('invalid request: both auth code and code verifier should be non-empty');
  const flow = await findFlowStateByAuthCode(pool, code);
  if (!flow || !flow.user_id) throw forbidden('invalid flow state, no valid flow state found');
  if (flow.expired) throw forbidden('invalid flow state, flow state has expired');
  const user = await findUserById(pool, flow.user_id);
  if (!user) throw forbidden('invalid flow state, no valid flow state found');
  const mismatch = pkceMismatch(flow.code_challenge_method, flow.code_challenge, verifier);
  if (mismatch) throw forbidden(mismatch);
  const tokens = await inTransaction(pool, async (tx) => {
    await audit(tx, actorOf(user), 'login', { provider_type: flow.provider_type });
    const issued = await issueSession(tx, state, user.id, METHODS[flow.authentication_method] ?? 'otp', clientOf(request));
    await deleteFlowState(tx, flow.id);
    return issued;
  });
  const providerTokens = {
    ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
    ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
  };
  return { status: 200, body: { ...tokens, ...providerTokens } };
}
