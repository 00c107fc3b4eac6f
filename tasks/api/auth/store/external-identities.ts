/**
 * What GoTrue v2.132.3's OAuth sign-in reads and writes of identities and users: an identity by
 * the provider's subject, the identities and users that share a verified address (account
 * linking), a new identity (its id returned, since an unconfirmed user keeps only that one), the
 * identity data refreshed on each sign-in, and app_metadata's `provider`/`providers` recomputed
 * from the user's identities (UpdateAppMetaDataProviders, first provider first).
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';

export interface IdentityRef {
  id: string;
  user_id: string;
  provider: string;
}

/** GoTrue's FindIdentityByIdAndProvider. */
export async function findIdentityBySubject(db: AuthDb, subject: string, provider: string): Promise<IdentityRef | undefined> {
  const { rows } = await db.query<IdentityRef>('select id, user_id, provider from auth.identities where provider_id = $1 and provider = $2 limit 1', [subject, provider]);
  return rows[0];
}

/** Identities whose address is one of `emails` (GoTrue's `email ilike any (?)`). */
export async function identitiesWithEmails(db: AuthDb, emails: string[]): Promise<IdentityRef[]> {
  const { rows } = await db.query<IdentityRef>('select id, user_id, provider from auth.identities where email ilike any ($1::text[])', [emails]);
  return rows;
}

/** Non-SSO users whose address is one of `emails`. */
export async function userIdsWithEmails(db: AuthDb, emails: string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from auth.users where email ilike any ($1::text[]) and is_sso_user is false', [emails]);
  return rows.map((row) => row.id);
}

/** GoTrue's NewIdentity + Create: provider_id from `sub`, signed in now; answers the row's id. */
export async function insertExternalIdentity(db: AuthDb, userId: string, provider: string, data: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, clock_timestamp(), clock_timestamp(), clock_timestamp())`,
    [id, String(data.sub), userId, JSON.stringify(data), provider],
  );
  return id;
}

/** UpdateOnly(identity, "identity_data", "last_sign_in_at"): the provider's claims as they are now. */
export async function refreshIdentity(db: AuthDb, id: string, data: Record<string, unknown>): Promise<void> {
  await db.query('update auth.identities set identity_data = $2, last_sign_in_at = clock_timestamp(), updated_at = clock_timestamp() where id = $1', [id, JSON.stringify(data)]);
}

/** RemoveUnconfirmedIdentities' last step: every identity of the user but the one signing in. */
export async function deleteOtherIdentities(db: AuthDb, userId: string, keepId: string): Promise<void> {
  await db.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, keepId]);
}

/** UpdateAppMetaDataProviders: `providers` in the order the identities come, `provider` the first. */
export async function refreshAppMetaDataProviders(db: AuthDb, userId: string): Promise<void> {
  const { rows } = await db.query<{ provider: string }>('select provider from auth.identities where user_id = $1', [userId]);
  const providers = [...new Set(rows.map((row) => row.provider))];
  const payload: Record<string, unknown> = { providers, ...(providers.length > 0 ? { provider: providers[0] } : {}) };
  await db.query(
    "update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = clock_timestamp() where id = $1",
    [userId, JSON.stringify(payload)],
  );
}
