/**
 * GoTrue v2.132.3's linkIdentityToUser: the OAuth callback of a manual link (a signed-in user's
 * GET /user/identities/authorize, with `[auth] enable_manual_linking`) adds the provider's identity
 * to that user, whatever its address, instead of deciding by address as a sign-in does; an identity
 * already known is refused, saying whether it is this user's or another's.
 */
import type { AuthDb } from '../auth-db.js';
import { badRequest } from '../auth-error.js';
import { findIdentityBySubject, insertExternalIdentity, refreshAppMetaDataProviders } from '../store/external-identities.js';
import { findUserById, type UserRow } from '../store/users.js';

export async function linkIdentityToUser(db: AuthDb, target: UserRow, provider: string, identityData: Record<string, unknown>): Promise<{ user: UserRow }> {
  const known = await findIdentityBySubject(db, String(identityData.sub ?? ''), provider);
  if (known) throw badRequest(known.user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user');
  await insertExternalIdentity(db, target.id, provider, identityData);
  await refreshAppMetaDataProviders(db, target.id);
  return { user: (await findUserById(db, target.id))! };
}
