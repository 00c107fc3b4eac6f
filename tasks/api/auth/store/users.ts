/**
 * auth.users as GoTrue v2.132.3's User model reads and writes it: the row (every column pop's
 * Create writes, with GoTrue's empty strings for unset tokens and the nil instance id), the JSON
 * it answers (its fields in the Go struct's order, optional ones left out when empty), and the
 * updates its flows make (each also sets updated_at, as pop's UpdateOnly does). Times come from
 * clock_timestamp(), as GoTrue's come from the Go clock at each step, not the transaction's start.
 */
import type { AuthDb } from '../auth-db.js';
import { goTime, sqlTime } from './go-time.js';
import { obfuscated } from './obfuscated.js';
import type { IdentityJson } from './identities.js';

/** GoTrue's instance id: always the nil UUID since instances went away. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

const TIMES = ['email_confirmed_at', 'invited_at', 'phone_confirmed_at', 'confirmation_sent_at', 'confirmed_at', 'recovery_sent_at', 'email_change_sent_at', 'phone_change_sent_at', 'reauthentication_sent_at', 'last_sign_in_at', 'created_at', 'updated_at', 'banned_until', 'deleted_at'] as const;
type TimeColumn = (typeof TIMES)[number];

export interface UserRow extends Record<TimeColumn, string | null> {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  is_sso_user: boolean;
  email_change: string | null;
  phone_change: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  /** True while banned_until is in the future (computed by the database's clock). */
  banned: boolean;
}

const COLUMNS = ['id', 'aud', 'role', 'email', 'phone', 'encrypted_password', 'is_sso_user', 'email_change', 'phone_change', 'raw_app_meta_data', 'raw_user_meta_data', "coalesce(banned_until > now(), false) as banned", ...TIMES.map((column) => sqlTime(column))].join(', ');

export type UserJson = Record<string, unknown>;

/**
 * The user as GoTrue's JSON: `identities` is null when not loaded (a list of users); `factors`
 * (its MFA factors as Factor JSON) is left out when there are none, as Go's omitempty does.
 */
export function userJson(row: UserRow, identities: IdentityJson[] | null, factors: Record<string, unknown>[] = []): UserJson {
  const time = (column: TimeColumn) => goTime(row[column]);
  const json: UserJson = {
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
    email_confirmed_at: time('email_confirmed_at'),
    invited_at: time('invited_at'),
    phone: row.phone ?? '',
    phone_confirmed_at: time('phone_confirmed_at'),
    confirmation_sent_at: time('confirmation_sent_at'),
    confirmed_at: time('confirmed_at'),
    recovery_sent_at: time('recovery_sent_at'),
    new_email: row.email_change || undefined,
    email_change_sent_at: time('email_change_sent_at'),
    new_phone: row.phone_change || undefined,
    phone_change_sent_at: time('phone_change_sent_at'),
    reauthentication_sent_at: time('reauthentication_sent_at'),
    last_sign_in_at: time('last_sign_in_at'),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    factors: factors.length > 0 ? factors : undefined,
    identities,
    created_at: time('created_at') ?? '0001-01-01T00:00:00Z',
    updated_at: time('updated_at') ?? '0001-01-01T00:00:00Z',
    banned_until: time('banned_until'),
    deleted_at: time('deleted_at'),
  };
  // JSON.stringify drops the undefined members, as Go's omitempty drops nil pointers.
  return json;
}

async function oneUser(db: AuthDb, where: string, values: unknown[]): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from auth.users where ${where} limit 1`, values);
  return rows[0];
}

export const findUserById = (db: AuthDb, id: string): Promise<UserRow | undefined> => oneUser(db, 'id = $1', [id]);

/** GoTrue's FindUserByEmailAndAudience: case-insensitive, SSO users apart. */
export const findUserByEmail = (db: AuthDb, email: string, aud: string): Promise<UserRow | undefined> =>
  oneUser(db, 'instance_id = $1 and lower(email) = $2 and aud = $3 and is_sso_user = false', [NIL_UUID, email.toLowerCase(), aud]);

/** GoTrue's FindUserByPhoneAndAudience. */
export const findUserByPhone = (db: AuthDb, phone: string, aud: string): Promise<UserRow | undefined> =>
  oneUser(db, 'instance_id = $1 and phone = $2 and aud = $3 and is_sso_user = false', [NIL_UUID, phone, aud]);

/**
 * GoTrue's IsDuplicatedEmail: another user of the audience holding the address through a non-SSO
 * identity, else through auth.users itself.
 */
export async function findDuplicateEmail(db: AuthDb, email: string, aud: string, exceptId?: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `select distinct i.user_id from auth.identities i join auth.users u on u.id = i.user_id
      where i.email = $1 and i.provider not like 'sso:%' and u.aud = $2 and i.user_id is distinct from $3::uuid`,
    [email.toLowerCase(), aud, exceptId ?? null],
  );
  if (rows[0]) return findUserById(db, rows[0].user_id);
  const user = await findUserByEmail(db, email, aud);
  return user && user.id !== exceptId ? user : undefined;
}

export interface NewUser {
  id: string;
  aud: string;
  email: string;
  phone: string;
  encryptedPassword: string;
  appMetaData: Record<string, unknown>;
  userMetaData: Record<string, unknown>;
}

/**
 * Inserts a user as pop's Create does: role still empty (GoTrue sets it in a second statement, so
 * an insert trigger sees ''), every token column '', email and phone null when empty.
 */
export async function insertUser(db: AuthDb, user: NewUser): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, is_sso_user, encrypted_password, phone,
       confirmation_token, recovery_token, email_change_token_current, email_change_token_new, email_change,
       email_change_confirm_status, phone_change_token, phone_change, reauthentication_token,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ($1, $2, $3, '', nullif($4, ''), false, $5, nullif($6, ''), '', '', '', '', '', 0, '', '', '', $7, $8, clock_timestamp(), clock_timestamp())`,
    [NIL_UUID, user.id, user.aud, user.email.toLowerCase(), user.encryptedPassword, user.phone, JSON.stringify(user.appMetaData), JSON.stringify(user.userMetaData)],
  );
}

/** One UpdateOnly of GoTrue: the given columns (SQL expressions of $2...) and updated_at. */
export async function updateUser(db: AuthDb, id: string, sets: Record<string, string>, values: unknown[] = []): Promise<void> {
  const assignments = Object.entries(sets).map(([column, expression]) => `${column} = ${expression}`);
  await db.query(`update auth.users set ${[...assignments, 'updated_at = clock_timestamp()'].join(', ')} where id = $1`, [id, ...values]);
}

export const setRole = (db: AuthDb, id: string, role: string): Promise<void> => updateUser(db, id, { role: '$2' }, [role.trim()]);

/** GoTrue's Confirm: the confirmation token spent, the address confirmed now. */
export const confirmEmail = (db: AuthDb, id: string): Promise<void> => updateUser(db, id, { confirmation_token: "''", email_confirmed_at: 'clock_timestamp()' });

export const confirmPhone = (db: AuthDb, id: string): Promise<void> => updateUser(db, id, { phone_confirmed_at: 'clock_timestamp()' });

export const touchLastSignIn = (db: AuthDb, id: string): Promise<void> => updateUser(db, id, { last_sign_in_at: 'clock_timestamp()' });

export const setEncryptedPassword = (db: AuthDb, id: string, hash: string): Promise<void> => updateUser(db, id, { encrypted_password: '$2' }, [hash]);

export const setEmail = (db: AuthDb, id: string, email: string): Promise<void> => updateUser(db, id, { email: 'nullif($2, \'\')' }, [email]);

export const setPhone = (db: AuthDb, id: string, phone: string): Promise<void> => updateUser(db, id, { phone: 'nullif($2, \'\')' }, [phone]);

/** GoTrue's Ban: for a duration in seconds from now, or lifted (0). */
export const banUser = (db: AuthDb, id: string, seconds: number): Promise<void> =>
  updateUser(db, id, { banned_until: seconds === 0 ? 'null' : "clock_timestamp() + make_interval(secs => $2)" }, seconds === 0 ? [] : [seconds]);

/** GoTrue's metadata merge: each key set, a null value removes it; a missing map starts from the updates. */
export function mergeMetaData(current: Record<string, unknown> | null, updates: Record<string, unknown>): Record<string, unknown> {
  if (!current) return updates;
  const merged = { ...current };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export const setUserMetaData = (db: AuthDb, id: string, data: Record<string, unknown>): Promise<void> => updateUser(db, id, { raw_user_meta_data: '$2' }, [JSON.stringify(data)]);

export const setAppMetaData = (db: AuthDb, id: string, data: Record<string, unknown>): Promise<void> => updateUser(db, id, { raw_app_meta_data: '$2' }, [JSON.stringify(data)]);


/**
 * GoTrue's SoftDeleteUser: email, phone (cut to 15 characters) and pending changes replaced by
 * their obfuscated values (so the unique indexes free them), every secret and token emptied,
 * deleted_at set, both metadata emptied.
 */
export async function softDeleteUser(db: AuthDb, id: string): Promise<void> {
  await updateUser(db, id, {
    email: obfuscated('id', 'email'),
    phone: `left(${obfuscated('id', 'phone')}, 15)`,
    email_change: obfuscated('id', 'email_change'),
    phone_change: `left(${obfuscated('id', 'phone_change')}, 15)`,
    encrypted_password: "''",
    confirmation_token: "''",
    recovery_token: "''",
    email_change_token_current: "''",
    email_change_token_new: "''",
    phone_change_token: "''",
    deleted_at: 'clock_timestamp()',
    raw_user_meta_data: "'{}'::jsonb",
    raw_app_meta_data: "'{}'::jsonb",
  });
}

export async function deleteUser(db: AuthDb, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1', [id]);
}

/** One page of an audience's users, newest first (GoTrue's FindUsersInAudience), and their total. */
export async function listUsers(db: AuthDb, aud: string, page: number, perPage: number, filter: string): Promise<{ rows: UserRow[]; count: number }> {
  const values: unknown[] = [NIL_UUID, aud];
  let where = 'instance_id = $1 and aud = $2';
  if (filter) {
    values.push(`%${filter}%`);
    where += ` and (email like $3 or raw_user_meta_data->>'full_name' ilike $3)`;
  }
  const count = Number((await db.query<{ count: string }>(`select count(*) from auth.users where ${where}`, values)).rows[0].count);
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from auth.users where ${where} order by created_at desc limit ${perPage} offset ${(page - 1) * perPage}`, values);
  return { rows, count };
}
