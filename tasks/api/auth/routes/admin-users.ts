/**
 * The admin API on users as GoTrue v2.132.3 answers it, behind requireAdmin (a service_role token):
 * list (newest first, `page`/`per_page` (50), a `filter` on email or full name, with GitHub-style
 * `Link` and `X-Total-Count` headers), create (email and/or phone, a password or a random one,
 * `email_confirm`/`phone_confirm`, metadata, role, `ban_duration`), get, update (the same fields;
 * a new password ends every session) and delete (hard, or soft with `should_soft_delete`: the row
 * kept with its contacts obfuscated, its sessions and tokens gone). Every change is audited with
 * the admin as actor and the user in its traits.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { inTransaction, type AuthDb } from '../auth-db.js';
import { badRequest, internalError, notFound, unhandledError, unprocessable, type AuthError } from '../auth-error.js';
import { isUuid } from '../auth-guards.js';
import { readParams, requestAud } from '../auth-request.js';
import type { AdminCaller, AuthReply, RouteContext } from '../auth-state.js';
import { validateEmail, validatePhone } from '../contact.js';
import { parseGoDuration } from '../go-duration.js';
import { hashPassword, passwordStrengthError } from '../password.js';
import { audit } from '../store/audit-log.js';
import { factorJson, factorsOf } from '../store/factors.js';
import { identitiesOf, insertIdentity, ownProviderClaims, softDeleteIdentities, updateIdentityData } from '../store/identities.js';
import { deleteUserRefreshTokens } from '../store/refresh-tokens.js';
import { deleteUserSessions } from '../store/sessions.js';
import { banUser, confirmEmail, confirmPhone, deleteUser, findDuplicateEmail, findUserById, findUserByPhone, insertUser, listUsers, mergeMetaData, setAppMetaData, setEmail, setEncryptedPassword, setPhone, setRole, setUserMetaData, softDeleteUser, userJson, type UserRow } from '../store/users.js';
import { DEFAULT_ROLE } from './signup.js';

const ADMIN_USER_PARAMS = {
  name: 'AdminUserParams',
  fields: { aud: 'string', role: 'string', email: 'string', phone: 'string', password: 'string', email_confirm: 'bool', phone_confirm: 'bool', user_metadata: 'map', app_metadata: 'map', ban_duration: 'string' },
} as const;

/** GoTrue's defaultPerPage. */
const DEFAULT_PER_PAGE = 50;

interface AdminUserParams {
  aud?: string;
  role?: string;
  email?: string;
  phone?: string;
  password?: string;
  email_confirm?: boolean;
  phone_confirm?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  ban_duration?: string;
}

const adminParams = (context: RouteContext<AdminCaller>): AdminUserParams => readParams(context.request, ADMIN_USER_PARAMS, 'Could not decode admin user params') as AdminUserParams;

/** The traits GoTrue's admin audit entries carry. */
const traitsOf = (user: UserRow) => ({ user_email: user.email ?? '', user_id: user.id, user_phone: user.phone ?? '' });

/** GoTrue's loadUser for `/admin/users/{user_id}`. */
async function loadUser(context: RouteContext<AdminCaller>): Promise<UserRow> {
  const id = context.request.params.user_id ?? '';
  if (!isUuid(id)) throw badRequest('user_id must be an UUID');
  const user = await findUserById(context.state.pool, id);
  if (!user) throw notFound('User not found');
  return user;
}

/** `ban_duration` in seconds (0 lifts a ban), or GoTrue's 400. */
function banSeconds(duration: string): number {
  if (duration === 'none') return 0;
  try {
    return parseGoDuration(duration);
  } catch (error) {
    throw badRequest(`invalid format for ban duration: ${(error as Error).message}`);
  }
}

/** GoTrue's password.Generate(64, 10, 0, false, true): 64 letters and digits, 10 of them digits. */
function generatedPassword(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const chars = [...Array.from({ length: 54 }, () => letters[randomInt(letters.length)]), ...Array.from({ length: 10 }, () => String(randomInt(10)))];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

async function userReply(db: AuthDb, id: string): Promise<AuthReply> {
  return { status: 200, body: userJson((await findUserById(db, id))!, await identitiesOf(db, id), (await factorsOf(db, id)).map(factorJson)) };
}

export async function adminListUsers({ request, state, caller }: RouteContext<AdminCaller>): Promise<AuthReply> {
  const aud = requestAud(request, caller.claims);
  const numbers: Record<string, number> = { page: 1, per_page: DEFAULT_PER_PAGE };
  for (const name of ['page', 'per_page'] as const) {
    const text = request.query.get(name);
    if (text === null || text === '') continue;
    if (!/^\d+$/.test(text)) throw badRequest(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
    numbers[name] = Number(text);
  }
  // GoTrue divides by per_page for its last page and panics on 0.
  if (numbers.per_page === 0) throw unhandledError();
  const page = Math.max(1, numbers.page);
  const { rows, count } = await listUsers(state.pool, aud, page, numbers.per_page, request.query.get('filter') ?? '');
  const pages = Math.ceil(count / numbers.per_page);
  const [path] = request.url.split('?');
  const link = (to: number) => {
    const query = new URLSearchParams(request.query);
    query.set('page', String(to));
    query.sort();
    return `<${path}?${query.toString()}>`;
  };
  const links = [...(pages > numbers.page ? [`${link(numbers.page + 1)}; rel="next"`] : []), `${link(pages)}; rel="last"`];
  return {
    status: 200,
    headers: { Link: links.join(', '), 'X-Total-Count': String(count) },
    body: { users: rows.map((row) => userJson(row, null)), aud },
  };
}

export async function adminGetUser(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const user = await loadUser(context);
  return userReply(context.state.pool, user.id);
}

export async function adminCreateUser(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { request, state, caller } = context;
  const params = adminParams(context);
  const aud = params.aud || requestAud(request, caller.claims);
  if (!params.email && !params.phone) throw unprocessable('Cannot create a user without either an email or phone');
  const providers: string[] = [];
  let email = '';
  let phone = '';
  if (params.email) {
    email = validateEmail(params.email);
    if (await findDuplicateEmail(state.pool, email, aud)) throw unprocessable('A user with this email address has already been registered');
    providers.push('email');
  }
  if (params.phone) {
    phone = validatePhone(params.phone);
    if (await findUserByPhone(state.pool, phone, aud)) throw unprocessable('Phone number already registered by another user');
    providers.push('phone');
  }
  let hash: string;
  try {
    hash = await hashPassword(params.password || generatedPassword());
  } catch {
    throw internalError('Error creating user');
  }
  const id = randomUUID();
  await inTransaction(state.pool, async (tx) => {
    await insertUser(tx, { id, aud, email, phone, encryptedPassword: hash, appMetaData: { provider: providers[0], providers }, userMetaData: params.user_metadata ?? {} });
    if (email) await insertIdentity(tx, id, 'email', ownProviderClaims(id, { email }));
    if (phone) await insertIdentity(tx, id, 'phone', ownProviderClaims(id, { phone }));
    await audit(tx, caller.actor, 'user_signedup', { user_email: email, user_id: id, user_phone: phone });
    await setRole(tx, id, params.role || DEFAULT_ROLE);
    if (params.app_metadata) await setAppMetaData(tx, id, mergeMetaData({ provider: providers[0], providers }, params.app_metadata));
    if (params.email_confirm) await confirmEmail(tx, id);
    if (params.phone_confirm) await confirmPhone(tx, id);
    // GoTrue checks the duration in its transaction and answers any failure there as this 500.
    if (params.ban_duration) {
      let seconds: number;
      try {
        seconds = banSeconds(params.ban_duration);
      } catch {
        throw internalError('Database error creating new user');
      }
      await banUser(tx, id, seconds);
    }
  }).catch((error: unknown) => {
    if ((error as AuthError).name === 'AuthError') throw error;
    state.log(`admin create user: ${(error as Error).message}`);
    throw internalError('Database error creating new user');
  });
  return userReply(state.pool, id);
}

export async function adminUpdateUser(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { state, caller } = context;
  const user = await loadUser(context);
  const params = adminParams(context);
  const email = params.email ? validateEmail(params.email) : '';
  const phone = params.phone ? validatePhone(params.phone) : '';
  // GoTrue bans before its transaction, on its own connection.
  if (params.ban_duration) await banUser(state.pool, user.id, banSeconds(params.ban_duration));
  let hash: string | undefined;
  if (params.password !== undefined) {
    const weak = passwordStrengthError(params.password);
    if (weak) throw weak;
    try {
      hash = await hashPassword(params.password);
    } catch {
      throw unhandledError();
    }
  }
  await inTransaction(state.pool, async (tx) => {
    if (params.role) await setRole(tx, user.id, params.role);
    if (params.email_confirm) await confirmEmail(tx, user.id);
    if (params.phone_confirm) await confirmPhone(tx, user.id);
    if (hash !== undefined) {
      await setEncryptedPassword(tx, user.id, hash);
      await deleteUserSessions(tx, user.id);
    }
    if (email) {
      if (!(await updateIdentityData(tx, user.id, 'email', { email }))) await insertIdentity(tx, user.id, 'email', ownProviderClaims(user.id, { email }));
      await setEmail(tx, user.id, email);
    }
    if (phone) {
      if (!(await updateIdentityData(tx, user.id, 'phone', { phone }))) await insertIdentity(tx, user.id, 'phone', ownProviderClaims(user.id, { phone }));
      await setPhone(tx, user.id, phone);
    }
    if (params.app_metadata) await setAppMetaData(tx, user.id, mergeMetaData(user.raw_app_meta_data, params.app_metadata));
    if (params.user_metadata) await setUserMetaData(tx, user.id, mergeMetaData(user.raw_user_meta_data, params.user_metadata));
    await audit(tx, caller.actor, 'user_modified', traitsOf({ ...user, email: email || user.email, phone: phone || user.phone }));
  }).catch((error: unknown) => {
    state.log(`admin update user: ${(error as Error).message}`);
    throw internalError('Error updating user');
  });
  return userReply(state.pool, user.id);
}

export async function adminDeleteUser(context: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { request, state, caller } = context;
  const user = await loadUser(context);
  let soft = false;
  if (request.body.length > 0) {
    soft = readParams(request, { name: 'adminUserDeleteParams', fields: { should_soft_delete: 'bool' } }, 'Could not read params').should_soft_delete === true;
  }
  await inTransaction(state.pool, async (tx) => {
    await audit(tx, caller.actor, 'user_deleted', traitsOf(user));
    if (!soft) return deleteUser(tx, user.id);
    if (user.deleted_at !== null) return undefined;
    await softDeleteUser(tx, user.id);
    await softDeleteIdentities(tx, user.id);
    await tx.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
    await deleteUserSessions(tx, user.id);
    return deleteUserRefreshTokens(tx, user.id);
  });
  return { status: 200, body: {} };
}
