/**
 * POST /logout as GoTrue v2.132.3 answers it: `scope` global (the default: every session of the
 * user), local (this token's session) or others (every session but this one); a token whose
 * session is already gone ends the user's refresh tokens instead. Deleting a session deletes its
 * refresh tokens and AMR claims with it (cascades), so they can no longer be refreshed. 204.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest } from '../auth-error.js';
import type { AuthReply, RouteContext, UserCaller } from '../auth-state.js';
import { audit } from '../store/audit-log.js';
import { deleteUserRefreshTokens } from '../store/refresh-tokens.js';
import { deleteOtherSessions, deleteSession, deleteUserSessions } from '../store/sessions.js';
import { actorOf } from './signup.js';

export async function logout({ request, state, caller }: RouteContext<UserCaller>): Promise<AuthReply> {
  const scope = request.query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) throw badRequest(`Unsupported logout scope ${JSON.stringify(scope)}`);
  const { user, session } = caller;
  await inTransaction(state.pool, async (tx) => {
    await audit(tx, actorOf(user), 'logout');
    if (!session) return deleteUserRefreshTokens(tx, user.id);
    if (scope === 'local') return deleteSession(tx, session.id);
    if (scope === 'others') return deleteOtherSessions(tx, session.id, user.id);
    return deleteUserSessions(tx, user.id);
  });
  return { status: 204 };
}
