/**
 * What GoTrue v2.132.3's DeleteIdentity reads and writes: a user's identities as its eager load
 * has them, one removed, and the user's address moved to a remaining identity's when the removed
 * one carried it (UpdateUserEmail: kept if any identity still has it, else the first identity's
 * address that no other user of the audience holds, else GoTrue's email conflict).
 */
import type { AuthDb } from '../auth-db.js';
import { setEmail, type UserRow } from './users.js';

export interface UserIdentity {
  id: string;
  provider: string;
  provider_id: string;
  /** The generated column; '' when the identity has none, as Go's GetEmail reads it. */
  email: string;
}

export async function userIdentities(db: AuthDb, userId: string): Promise<UserIdentity[]> {
  const { rows } = await db.query<UserIdentity>("select id, provider, provider_id, coalesce(email, '') as email from auth.identities where user_id = $1", [userId]);
  return rows;
}

export async function deleteIdentity(db: AuthDb, id: string): Promise<void> {
  await db.query('delete from auth.identities where id = $1', [id]);
}

/** UpdateUserEmail; false for its UserEmailUniqueConflictError. */
export async function moveEmailToIdentity(db: AuthDb, user: UserRow): Promise<boolean> {
  const identities = await userIdentities(db, user.id);
  const current = user.email ?? '';
  if (identities.some((identity) => identity.email === current)) return true;
  for (const identity of identities) {
    const { rows } = await db.query("select 1 from auth.users where instance_id = '00000000-0000-0000-0000-000000000000' and lower(email) = lower($1) and aud = $2 and is_sso_user = false", [identity.email, user.aud]);
    if (rows.length === 0) {
      await setEmail(db, user.id, identity.email);
      return true;
    }
  }
  return false;
}
