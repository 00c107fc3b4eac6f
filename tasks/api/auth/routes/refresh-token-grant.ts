/**
 * grant_type=refresh_token as GoTrue v2.132.3 runs it: the token's row locked (a concurrent refresh
 * of the same token waits its turn, retried for up to 5 s as GoTrue retries, then 409), the user
 * not banned, the session still there; a live token is revoked and its child issued; a revoked one
 * whose child is the session's live token answers that child again (two tabs refreshing at once);
 * any other revoked one is refused `Already Used` once the reuse interval has passed, and with
 * rotation on its whole family is revoked then, the refusal committed with it.
 */
import { inTransaction, type AuthDb } from '../auth-db.js';
import type { AuthError} from '../auth-error.js';
import { conflict, oauthError } from '../auth-error.js';
import { clientOf, readParams } from '../auth-request.js';
import type { AuthReply, RouteContext } from '../auth-state.js';
import { audit } from '../store/audit-log.js';
import { activeRefreshToken, findRefreshToken, insertRefreshToken, revokeRefreshToken, revokeTokenFamily } from '../store/refresh-tokens.js';
import { createSession, findSession, touchSessionRefresh } from '../store/sessions.js';
import { findUserById } from '../store/users.js';
import { tokenResponse, type TokenResponse } from '../tokens.js';
import { actorOf } from './signup.js';

const REFRESH_PARAMS = { name: 'RefreshTokenGrantParams', fields: { refresh_token: 'string' } } as const;

/** GoTrue's retryLoopDuration, seconds. */
const RETRY_SECONDS = 5;

/** The row went away or is locked by another refresh: try again. */
class Retry extends Error {}

/** An error GoTrue commits with (storage.NewCommitWithError): the family's revocation stays. */
class CommitWith extends Error {
  constructor(readonly error: AuthError) {
    super(error.message);
  }
}

const NOT_FOUND = () => oauthError('invalid_grant', 'Invalid Refresh Token: Refresh Token Not Found');

/** The checks GoTrue makes before its transaction, and again on the locked row. */
async function check(db: AuthDb, refreshToken: string, forUpdate: boolean) {
  const token = await findRefreshToken(db, refreshToken, forUpdate);
  if (!token) return undefined;
  const user = await findUserById(db, token.user_id);
  if (!user) return undefined;
  if (user.banned) throw oauthError('invalid_grant', 'Invalid Refresh Token: User Banned');
  const session = token.session_id ? await findSession(db, token.session_id) : undefined;
  if (session?.expired) throw oauthError('invalid_grant', 'Invalid Refresh Token: Session Expired');
  return { token, user, session };
}

export async function refreshTokenGrant({ request, state }: RouteContext): Promise<AuthReply> {
  const { auth, pool } = state;
  const params = readParams(request, REFRESH_PARAMS, 'Could not read refresh token grant params');
  const refreshToken = (params.refresh_token as string | undefined) ?? '';
  if (!refreshToken) throw oauthError('invalid_request', 'refresh_token required');
  const started = Date.now();
  while (Date.now() - started < RETRY_SECONDS * 1000) {
    if (!(await check(pool, refreshToken, false))) throw NOT_FOUND();
    let response: TokenResponse;
    try {
      response = await inTransaction(pool, async (tx) => {
        const found = await check(tx, refreshToken, true);
        if (!found) throw new Retry();
        const { token, user, session } = found;
        // A token whose session was deleted (a logout) has no row left to find: it cascaded away.
        if (token.session_id && !session) throw new Retry();
        let issued: string | undefined;
        if (token.revoked) {
          const active = token.session_id ? await activeRefreshToken(tx, token.session_id) : undefined;
          if (active && active.parent === token.token) {
            issued = active.token;
          } else if (token.idle_seconds > auth.refreshTokenReuseInterval) {
            throw new CommitWith(oauthError('invalid_grant', 'Invalid Refresh Token: Already Used'));
          }
        }
        await audit(tx, actorOf(user), 'token_refreshed');
        // A token from before sessions existed gets one, as GoTrue's createRefreshToken gives it.
        const sessionId = token.session_id ?? (await createSession(tx, user.id, clientOf(request)));
        if (!issued) {
          // GoTrue's GrantRefreshTokenSwap.
          await audit(tx, actorOf(user), 'token_revoked');
          await revokeRefreshToken(tx, token.id);
          issued = await insertRefreshToken(tx, user.id, sessionId, token.token);
        }
        await touchSessionRefresh(tx, sessionId, clientOf(request));
        return tokenResponse(tx, state, user.id, sessionId, issued);
      }).catch(async (error: unknown) => {
        if (!(error instanceof CommitWith)) throw error;
        // GoTrue commits the family's revocation with the refusal; the work above was rolled back, so
        // the revocation gets a transaction of its own.
        await inTransaction(pool, async (tx) => {
          const token = await findRefreshToken(tx, refreshToken, false);
          if (token && auth.refreshTokenRotation) await revokeTokenFamily(tx, token);
        });
        throw error.error;
      });
    } catch (error) {
      if (error instanceof Retry) {
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.floor(Math.random() * 20)));
        continue;
      }
      throw error;
    }
    return { status: 200, body: response };
  }
  throw conflict('Too many concurrent token refresh requests on the same session or refresh token');
}
