/**
 * auth.sessions and auth.mfa_amr_claims as GoTrue v2.132.3 writes them: a session per sign-in
 * (aal1, the client's user agent and address), one AMR claim per method it was authenticated
 * with (upserted on the session and method, so signing in the same way again only moves its
 * time), and the deletes its logout scopes make (their refresh tokens go with them by cascade).
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  /** Whether not_after has passed (GoTrue's CheckValidity; no timebox is configured locally). */
  expired: boolean;
}

/** An `amr` entry of the access token: the method and when (unix seconds). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** GoTrue's NewSession + Create for a sign-in. */
export async function createSession(db: AuthDb, userId: string, client: { userAgent: string; ip: string }): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, clock_timestamp(), clock_timestamp(), 'aal1', nullif($3, ''), nullif($4, '')::inet)`,
    [id, userId, client.userAgent, client.ip],
  );
  return id;
}

export async function findSession(db: AuthDb, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>("select id, user_id, aal::text as aal, coalesce(not_after < now(), false) as expired from auth.sessions where id = $1", [id]);
  return rows[0];
}

/** GoTrue's AddClaimToSession. */
export async function addAmrClaim(db: AuthDb, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, clock_timestamp(), clock_timestamp(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = clock_timestamp()`,
    [randomUUID(), sessionId, method],
  );
}

/**
 * GoTrue's CalculateAALAndAMR: the session's claims oldest first, aal2 once a TOTP claim is among
 * them (MFA, part 3, adds those).
 */
export async function aalAndAmr(db: AuthDb, sessionId: string): Promise<{ aal: string; amr: AmrEntry[] }> {
  const { rows } = await db.query<{ method: string; timestamp: string }>(
    'select authentication_method as method, floor(extract(epoch from updated_at))::bigint as timestamp from auth.mfa_amr_claims where session_id = $1',
    [sessionId],
  );
  const amr = rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) })).sort((a, b) => a.timestamp - b.timestamp);
  return { aal: amr.some((entry) => entry.method === 'totp') ? 'aal2' : 'aal1', amr };
}

/** What a refresh writes to its session (GoTrue's UpdateOnlyRefreshInfo). */
export async function touchSessionRefresh(db: AuthDb, sessionId: string, client: { userAgent: string; ip: string }): Promise<void> {
  await db.query(
    "update auth.sessions set refreshed_at = clock_timestamp() at time zone 'UTC', user_agent = nullif($2, ''), ip = nullif($3, '')::inet, updated_at = clock_timestamp() where id = $1",
    [sessionId, client.userAgent, client.ip],
  );
}

/** Logout scope global (and a password change without a session): every session of the user. */
export async function deleteUserSessions(db: AuthDb, userId: string): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1', [userId]);
}

/** Logout scope local: this session. */
export async function deleteSession(db: AuthDb, sessionId: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1', [sessionId]);
}

/** Logout scope others (and a password change): every session of the user but this one. */
export async function deleteOtherSessions(db: AuthDb, sessionId: string, userId: string): Promise<void> {
  await db.query('delete from auth.sessions where id <> $1 and user_id = $2', [sessionId, userId]);
}

/** GoTrue's UpdateAssociatedFactor and UpdateAssociatedAAL after a verified factor. */
export async function setSessionFactorAndAal(db: AuthDb, sessionId: string, factorId: string, aal: string): Promise<void> {
  await db.query('update auth.sessions set factor_id = $2, aal = $3::auth.aal_level, updated_at = clock_timestamp() where id = $1', [sessionId, factorId, aal]);
}

/** GoTrue's InvalidateSessionsWithAALLessThan: the user's sessions below `level` end. */
export async function deleteSessionsBelowAal(db: AuthDb, userId: string, level: string): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1 and aal < $2::auth.aal_level', [userId, level]);
}
