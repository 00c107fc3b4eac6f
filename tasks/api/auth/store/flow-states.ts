/**
 * auth.flow_state as GoTrue v2.132.3's PKCE flows write it: one row per flow with its code
 * challenge and method (`s256` or `plain`), the auth code a redirect hands out (a UUID), the
 * authentication method it ends in (`email/signup`, `magiclink`, `recovery`...), the provider type
 * and the user (at once for the mail flows, at the callback for OAuth, with the provider's tokens).
 * An exchange finds it by auth code and deletes it.
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  authentication_method: string;
  code_challenge: string;
  code_challenge_method: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  /** Whether it is older than GoTrue's flow state expiry (300 s). */
  expired: boolean;
}

/** GoTrue's default (and minimum) FlowStateExpiryDuration. */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

const COLUMNS = `id, user_id, auth_code, authentication_method, code_challenge, code_challenge_method, provider_type, provider_access_token, provider_refresh_token,
  created_at + make_interval(secs => ${FLOW_STATE_EXPIRY_SECONDS}) < clock_timestamp() as expired`;

/**
 * GoTrue's NewFlowStateWithUserID, or its NewFlowState with no user (an OAuth flow, whose user is
 * known only at the callback); the new row's id.
 */
export async function insertFlowState(db: AuthDb, flow: { providerType: string; codeChallenge: string; codeChallengeMethod: string; authenticationMethod: string; userId: string | null }): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, provider_access_token, provider_refresh_token, authentication_method, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, '', '', $7, clock_timestamp(), clock_timestamp())`,
    [id, flow.userId, randomUUID(), flow.codeChallengeMethod, flow.codeChallenge, flow.providerType, flow.authenticationMethod],
  );
  return id;
}

export async function findFlowStateById(db: AuthDb, id: string): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(`select ${COLUMNS} from auth.flow_state where id = $1 limit 1`, [id]);
  return rows[0];
}

/** The OAuth callback's update: the user signed in and the provider's tokens, for the PKCE grant to hand out. */
export async function completeOAuthFlowState(db: AuthDb, id: string, userId: string, providerAccessToken: string, providerRefreshToken: string): Promise<void> {
  await db.query('update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4, updated_at = clock_timestamp() where id = $1', [id, userId, providerAccessToken, providerRefreshToken]);
}

export async function findFlowStateByAuthCode(db: AuthDb, authCode: string): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(`select ${COLUMNS} from auth.flow_state where auth_code = $1 limit 1`, [authCode]);
  return rows[0];
}

/** GoTrue's FindFlowStateByUserID: the user's latest flow of that method. */
export async function findFlowStateByUser(db: AuthDb, userId: string, authenticationMethod: string): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(`select ${COLUMNS} from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1`, [userId, authenticationMethod]);
  return rows[0];
}

export async function deleteFlowState(db: AuthDb, id: string): Promise<void> {
  await db.query('delete from auth.flow_state where id = $1', [id]);
}
