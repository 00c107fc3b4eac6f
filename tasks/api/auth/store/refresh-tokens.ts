/**
 * auth.refresh_tokens as GoTrue v2.132.3 keeps them: 16 random bytes in base64url (its
 * crypto.SecureToken), a row per token with the user's id as text, its session, and its parent
 * (the token it replaced) so that a session's tokens form a family. A refresh revokes the token it
 * spends and issues its child; a revoked token presented again past the reuse interval revokes the
 * whole family (the session's every live token), GoTrue's defence against a stolen token.
 */
import { randomBytes } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';
import { NIL_UUID } from './users.js';

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  parent: string | null;
  session_id: string | null;
  /** Seconds since it was last updated (revoked, for a revoked one): the reuse interval's clock. */
  idle_seconds: number;
}

/** GoTrue's crypto.SecureToken. */
export const secureToken = (): string => randomBytes(16).toString('base64url');

/** GoTrue's createRefreshToken row for a session (the session is made by the caller for a first token). */
export async function insertRefreshToken(db: AuthDb, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = secureToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, clock_timestamp(), clock_timestamp(), nullif($4, ''), $5)`,
    [NIL_UUID, token, userId, parent ?? '', sessionId],
  );
  return token;
}

const COLUMNS = "id::text, token, user_id, coalesce(revoked, false) as revoked, parent, session_id, extract(epoch from clock_timestamp() - updated_at)::float8 as idle_seconds";

/** The row of a token; `forUpdate` locks it, skipping one another refresh holds (GoTrue's FOR UPDATE SKIP LOCKED). */
export async function findRefreshToken(db: AuthDb, token: string, forUpdate: boolean): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(`select ${COLUMNS} from auth.refresh_tokens where token = $1 limit 1${forUpdate ? ' for update skip locked' : ''}`, [token]);
  return rows[0];
}

/** The session's live token, newest first (GoTrue's FindCurrentlyActiveRefreshToken). */
export async function activeRefreshToken(db: AuthDb, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(`select ${COLUMNS} from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1`, [sessionId]);
  return rows[0];
}

/** Marks a token spent (pop's UpdateOnly of revoked, which moves updated_at too). */
export async function revokeRefreshToken(db: AuthDb, id: string): Promise<void> {
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = clock_timestamp() where id = $1', [id]);
}

/** GoTrue's RevokeTokenFamily: the session's live tokens, or, for a token without session, its descendants. */
export async function revokeTokenFamily(db: AuthDb, token: RefreshTokenRow): Promise<void> {
  if (token.session_id) {
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [token.session_id]);
    return;
  }
  await db.query(
    `with recursive family as (
       select id, token from auth.refresh_tokens where parent = $1
       union select r.id, r.token from auth.refresh_tokens r join family f on f.token = r.parent)
     update auth.refresh_tokens r set revoked = true from family where family.id = r.id`,
    [token.token],
  );
}

/** GoTrue's LogoutAllRefreshTokens: a user's every token (a logout without a session). */
export async function deleteUserRefreshTokens(db: AuthDb, userId: string): Promise<void> {
  await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
}

/**
 * GoTrue's FindTokenBySessionID: the session's first token (oldest by created_at, revoked or not),
 * the one an MFA verification swaps for the session's new token.
 */
export async function firstSessionToken(db: AuthDb, sessionId: string): Promise<RefreshTokenRow | undefined> {
  const { rows } = await db.query<RefreshTokenRow>(`select ${COLUMNS} from auth.refresh_tokens where session_id = $1 order by created_at asc limit 1`, [sessionId]);
  return rows[0];
}
