/**
 * The `state` of GoTrue v2.132.3's OAuth flow: a JWT signed HS256 with the project's secret,
 * valid 5 minutes, carrying ExternalProviderClaims in Go's member order (exp, site_url, id,
 * function_hooks, provider, referrer, flow_state_id, linking_target_id): the callback trusts only
 * what it signed, which provider was asked for, where to send the user back and, for manual
 * linking, which signed-in user the new identity joins.
 */
import { SignJWT, jwtVerify } from 'jose';
import { badRequest } from '../auth-error.js';
import { jwtMessage } from '../auth-request.js';
import { NIL_UUID } from '../store/users.js';

/** GoTrue's state lifetime. */
const STATE_SECONDS = 5 * 60;

export interface OAuthState {
  provider: string;
  referrer: string;
  flowStateId: string;
  /** The user a manual link (GET /user/identities/authorize) adds the identity to; empty otherwise. */
  linkingTargetId: string;
}

export async function signState(secret: Uint8Array, siteUrl: string, state: OAuthState): Promise<string> {
  const claims = {
    exp: Math.floor(Date.now() / 1000) + STATE_SECONDS,
    site_url: siteUrl,
    id: NIL_UUID,
    function_hooks: null,
    provider: state.provider,
    ...(state.referrer ? { referrer: state.referrer } : {}),
    flow_state_id: state.flowStateId,
    ...(state.linkingTargetId ? { linking_target_id: state.linkingTargetId } : {}),
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

/** GoTrue's loadExternalState: a state it signed and that names a provider, or its 400. */
export async function verifyState(secret: Uint8Array, token: string): Promise<OAuthState> {
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload;
  } catch (error) {
    throw badRequest(`OAuth state is invalid: ${jwtMessage(token, error)}`);
  }
  if (typeof payload.provider !== 'string' || !payload.provider) throw badRequest('OAuth state is invalid: <nil>');
  return {
    provider: payload.provider,
    referrer: typeof payload.referrer === 'string' ? payload.referrer : '',
    flowStateId: typeof payload.flow_state_id === 'string' ? payload.flow_state_id : '',
    linkingTargetId: typeof payload.linking_target_id === 'string' ? payload.linking_target_id : '',
  };
}
