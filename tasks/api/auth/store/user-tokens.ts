/**
 * The one-time tokens on auth.users as GoTrue v2.132.3 keeps them (hex SHA-224 of the address or
 * number and the OTP, `pkce_`-prefixed in a PKCE flow; '' when unset), and its lookups of a user
 * by one of them. Kept apart from UserRow, which is what GoTrue answers and never holds these.
 */
import type { AuthDb } from '../auth-db.js';
import { findUserById, NIL_UUID, type UserRow } from './users.js';

export interface UserTokens {
  confirmation_token: string;
  recovery_token: string;
  email_change_token_current: string;
  email_change_token_new: string;
  /** 0 before either address of a secure change confirmed, 1 after the first. */
  email_change_confirm_status: number;
  phone_change_token: string;
  reauthentication_token: string;
}

const TOKEN_COLUMNS = ['confirmation_token', 'recovery_token', 'email_change_token_current', 'email_change_token_new', 'phone_change_token', 'reauthentication_token'];

export async function tokensOf(db: AuthDb, id: string): Promise<UserTokens> {
  const { rows } = await db.query<UserTokens>(
    `select ${TOKEN_COLUMNS.map((column) => `coalesce(${column}, '') as ${column}`).join(', ')}, coalesce(email_change_confirm_status, 0)::int as email_change_confirm_status from auth.users where id = $1`,
    [id],
  );
  return rows[0];
}

async function userWhere(db: AuthDb, where: string, values: unknown[]): Promise<UserRow | undefined> {
  const { rows } = await db.query<{ id: string }>(`select id from auth.users where ${where} and is_sso_user = false limit 1`, values);
  return rows[0] ? findUserById(db, rows[0].id) : undefined;
}

/** Which token columns a verification type of a token hash looks in (GoTrue's verifyTokenHash). */
export const TOKEN_HASH_COLUMNS: Record<string, string[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
};

/** The user holding `token` in one of `columns`. */
export const findUserByToken = (db: AuthDb, columns: string[], token: string): Promise<UserRow | undefined> =>
  userWhere(db, `(${columns.map((column) => `${column} = $1`).join(' or ')})`, [token]);

/** GoTrue's FindUserByPhoneChangeAndAudience. */
export const findUserByPhoneChange = (db: AuthDb, phone: string, aud: string): Promise<UserRow | undefined> =>
  userWhere(db, 'instance_id = $1 and phone_change = $2 and aud = $3', [NIL_UUID, phone, aud]);

/**
 * GoTrue's FindUserForEmailChange: the user changing from or to `email` whose matching change
 * token is `tokenHash` (with or without the PKCE prefix); the current address only counts when
 * secure email change asks it to confirm too.
 */
export function findUserForEmailChange(db: AuthDb, email: string, tokenHash: string, aud: string, secure: boolean): Promise<UserRow | undefined> {
  const tokens = "in ($3::text, 'pkce_' || $3::text)";
  const current = secure ? `(lower(email) = $2::text and email_change_token_current ${tokens}) or ` : '';
  return userWhere(db, `instance_id = $1 and aud = $4 and (${current}(email_change = $2::text and email_change_token_new ${tokens}))`, [NIL_UUID, email.toLowerCase(), tokenHash, aud]);
}

/** Seconds until `column` (a *_sent_at) is older than `maxFrequency`, or 0 when it is (or unset). */
export async function secondsUntilResend(db: AuthDb, id: string, column: string, maxFrequency: number): Promise<number> {
  const { rows } = await db.query<{ left: number | null }>(
    `select extract(epoch from ${column} + make_interval(secs => $2) - clock_timestamp())::float8 as left from auth.users where id = $1`,
    [id, maxFrequency],
  );
  const left = rows[0]?.left;
  return typeof left === 'number' && left >= 0 ? left : 0;
}

/** Whether `column` (a *_sent_at) is set and within `seconds` of now (GoTrue's isOtpExpired, negated). */
export async function sentWithin(db: AuthDb, id: string, column: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query<{ fresh: boolean | null }>(`select ${column} + make_interval(secs => $2) >= clock_timestamp() as fresh from auth.users where id = $1`, [id, seconds]);
  return rows[0]?.fresh === true;
}
