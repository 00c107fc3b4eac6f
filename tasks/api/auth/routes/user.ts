/**
 * The signed-in user's routes as GoTrue v2.132.3 answers them: GET /user (the user with its
 * identities, if the token's audience is the request's) and PUT /user (`data` merged into the user
 * metadata, a null removing a key; a new password, which must differ from the old one and ends
 * every other session; `app_metadata` only for GoTrue's admin group). Each change is audited in
 * one transaction. A new email or phone starts GoTrue's confirmation flows, which are the mail and
 * OTP part's: CONTACT_CHANGE is where that part plugs in.
 */
import { inTransaction, type AuthDb } from '../auth-db.js';
import { badRequest, unauthorized, unprocessable, unhandledError } from '../auth-error.js';
import { DEFAULT_AUD, readParams, requestAud } from '../auth-request.js';
import type { AuthReply, RouteContext, UserCaller } from '../auth-state.js';
import { validateEmail, validatePhone } from '../contact.js';
import { hashPassword, passwordMatches, passwordStrengthError } from '../password.js';
import { audit } from '../store/audit-log.js';
import { factorJson, factorsOf } from '../store/factors.js';
import { identitiesOf } from '../store/identities.js';
import { deleteOtherSessions, deleteUserSessions } from '../store/sessions.js';
import { findDuplicateEmail, findUserById, findUserByPhone, mergeMetaData, setAppMetaData, setEncryptedPassword, setUserMetaData, userJson } from '../store/users.js';
import { actorOf } from './signup.js';

const USER_UPDATE_PARAMS = {
  name: 'UserUpdateParams',
  fields: { email: 'string', password: 'string', nonce: 'string', data: 'map', app_metadata: 'map', phone: 'string', channel: 'string', code_challenge: 'string', code_challenge_method: 'string' },
} as const;

/** GoTrue's JWT admin group (GOTRUE_JWT_ADMIN_GROUP_NAME's default): users of it may set app_metadata. */
const ADMIN_GROUP = 'admin';

/** What a contact change (new email or phone) does inside PUT /user's transaction. */
export type ContactChange = (tx: AuthDb, context: RouteContext<UserCaller>, change: { email?: string; phone?: string; channel: string }) => Promise<void>;

/** Filled by the flows that confirm a new email or phone (mail, OTP). */
export const CONTACT_CHANGE: { apply?: ContactChange } = {};

export async function getUser({ request, state, caller }: RouteContext<UserCaller>): Promise<AuthReply> {
  if (requestAud(request, caller.claims) !== caller.claims.aud) throw badRequest("Token audience doesn't match request audience");
  return { status: 200, body: userJson(caller.user, await identitiesOf(state.pool, caller.user.id), (await factorsOf(state.pool, caller.user.id)).map(factorJson)) };
}

export async function updateUser(context: RouteContext<UserCaller>): Promise<AuthReply> {
  const { request, state, caller } = context;
  const { pool } = state;
  const params = readParams(request, USER_UPDATE_PARAMS, 'Could not read User Update params');
  const { user, session } = caller;
  const aud = requestAud(request, caller.claims);
  const email = params.email !== undefined && params.email !== '' ? validateEmail(params.email as string) : '';
  const phone = params.phone !== undefined && params.phone !== '' ? validatePhone(params.phone as string) : '';
  const channel = (params.channel as string | undefined) || 'sms';
  const password = params.password as string | undefined;
  if (password !== undefined) {
    const weak = passwordStrengthError(password);
    if (weak) throw weak;
  }
  const appData = params.app_metadata as Record<string, unknown> | undefined;
  if (appData && !(user.aud === DEFAULT_AUD && user.role === ADMIN_GROUP)) throw unauthorized('Updating app_metadata requires admin privileges');
  if (user.is_sso_user && ((password ?? '') !== '' || (email && email !== user.email) || (phone && phone !== user.phone) || params.nonce)) {
    throw unprocessable('Updating email, phone, password of a SSO account only possible via SSO');
  }
  if (email && email !== user.email && (await findDuplicateEmail(pool, email, aud, user.id))) throw unprocessable('A user with this email address has already been registered');
  if (phone && phone !== user.phone && (await findUserByPhone(pool, phone, aud))) throw unprocessable('A user with this phone number has already been registered');
  let hash: string | undefined;
  if (password !== undefined) {
    if (password !== '' && (await passwordMatches(user.encrypted_password, password))) throw unprocessable('New password should be different from the old password.');
    try {
      hash = password === '' ? '' : await hashPassword(password);
    } catch {
      throw unhandledError();
    }
  }
  const changesContact = (email !== '' && email !== user.email) || (phone !== '' && phone !== user.phone);
  if (changesContact && !CONTACT_CHANGE.apply) throw unprocessable('Changing the email or phone of a user is not served by the native Auth yet');
  await inTransaction(pool, async (tx) => {
    if (hash !== undefined) {
      await setEncryptedPassword(tx, user.id, hash);
      // GoTrue's UpdatePassword: every other session ends (all of them without one).
      if (session) await deleteOtherSessions(tx, session.id, user.id);
      else await deleteUserSessions(tx, user.id);
      await audit(tx, actorOf(user), 'user_updated_password');
    }
    const data = params.data as Record<string, unknown> | undefined;
    if (data) await setUserMetaData(tx, user.id, mergeMetaData(user.raw_user_meta_data, data));
    if (appData) await setAppMetaData(tx, user.id, mergeMetaData(user.raw_app_meta_data, appData));
    if (changesContact) await CONTACT_CHANGE.apply!(tx, context, { email: email !== user.email ? email || undefined : undefined, phone: phone !== user.phone ? phone || undefined : undefined, channel });
    await audit(tx, actorOf(user), 'user_modified');
  });
  const updated = (await findUserById(pool, user.id))!;
  return { status: 200, body: userJson(updated, await identitiesOf(pool, user.id)) };
}
