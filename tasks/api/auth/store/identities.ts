/**
 * auth.identities as GoTrue v2.132.3's Identity model writes it: provider_id is the provider's
 * subject (the user's own id for `email` and `phone`), identity_data the claims GoTrue maps from
 * provider.Claims (`sub`, `email` or `phone`, and `email_verified`/`phone_verified`, which that
 * struct always writes), email a generated column. Its JSON swaps the names, as GoTrue does for
 * gotrue-js: `identity_id` is the row's id and `id` the provider's subject.
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';
import { goTime, sqlTime } from './go-time.js';
import { obfuscated } from './obfuscated.js';

export type IdentityJson = Record<string, unknown>;

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

const COLUMNS = ['id', 'provider_id', 'user_id', 'identity_data', 'provider', 'email', sqlTime('last_sign_in_at'), sqlTime('created_at'), sqlTime('updated_at')].join(', ');

function identityJson(row: IdentityRow): IdentityJson {
  return {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: Object.keys(row.identity_data ?? {}).length > 0 ? row.identity_data : undefined,
    provider: row.provider,
    last_sign_in_at: goTime(row.last_sign_in_at),
    created_at: goTime(row.created_at),
    updated_at: goTime(row.updated_at),
    email: row.email || undefined,
  };
}

/** identity_data as GoTrue's structs.Map(provider.Claims{Subject, Email|Phone}) makes it for its own providers. */
export function ownProviderClaims(userId: string, contact: { email?: string; phone?: string }): Record<string, unknown> {
  return {
    sub: userId,
    ...(contact.email ? { email: contact.email } : {}),
    email_verified: false,
    ...(contact.phone ? { phone: contact.phone } : {}),
    phone_verified: false,
  };
}

/** GoTrue's NewIdentity + Create: provider_id from the claims' `sub`, signed in now. */
export async function insertIdentity(db: AuthDb, userId: string, provider: string, data: Record<string, unknown>): Promise<void> {
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, clock_timestamp(), clock_timestamp(), clock_timestamp())`,
    [randomUUID(), String(data.sub), userId, JSON.stringify(data), provider],
  );
}

/** A user's identities, as GoTrue's eager load lists them. */
export async function identitiesOf(db: AuthDb, userId: string): Promise<IdentityJson[]> {
  const { rows } = await db.query<IdentityRow>(`select ${COLUMNS} from auth.identities where user_id = $1 order by created_at`, [userId]);
  return rows.map(identityJson);
}

/** GoTrue's UpdateIdentityData for one provider of a user: keys set, nulls removed. */
export async function updateIdentityData(db: AuthDb, userId: string, provider: string, updates: Record<string, unknown>): Promise<boolean> {
  const { rows } = await db.query<{ identity_data: Record<string, unknown> }>('select identity_data from auth.identities where provider_id = $1 and provider = $2', [userId, provider]);
  if (!rows[0]) return false;
  const data = { ...rows[0].identity_data };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete data[key];
    else data[key] = value;
  }
  await db.query('update auth.identities set identity_data = $3, updated_at = clock_timestamp() where provider_id = $1 and provider = $2', [userId, provider, JSON.stringify(data)]);
  return true;
}

/** GoTrue's SoftDeleteUserIdentities: data emptied, provider_id obfuscated (so it can sign up again). */
export async function softDeleteIdentities(db: AuthDb, userId: string): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = '{}'::jsonb, updated_at = clock_timestamp(),
       provider_id = ${obfuscated('user_id', "provider || ':' || provider_id")} where user_id = $1`,
    [userId],
  );
}
