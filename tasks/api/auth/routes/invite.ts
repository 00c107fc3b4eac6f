/**
 * POST /invite (admin) as GoTrue v2.132.3 answers it: a new user for the address (no password,
 * the given `data` as metadata, an email identity) or the existing unconfirmed one, the admin's
 * `user_invited` audit entry, and the invite mail with its link and code; a confirmed address is
 * GoTrue's 422, a mail that cannot be sent its 500 `Error inviting user`.
 */
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../auth-db.js';
import { AuthError, internalError, unprocessable, withCause } from '../auth-error.js';
import { readParams, requestAud } from '../auth-request.js';
import type { AdminCaller, AuthReply, RouteContext } from '../auth-state.js';
import { validateEmail } from '../contact.js';
import { sendInvite } from '../mail-senders.js';
import { referrerOf } from '../redirect-url.js';
import { audit } from '../store/audit-log.js';
import { identitiesOf, insertIdentity, ownProviderClaims } from '../store/identities.js';
import { findUserByEmail, findUserById, insertUser, setRole, userJson, type UserRow } from '../store/users.js';
import { DEFAULT_ROLE } from './signup.js';

const INVITE_PARAMS = { name: 'InviteParams', fields: { email: 'string', data: 'map' } } as const;

/** GoTrue's DuplicateEmailMsg. */
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** A user as GoTrue's signupNewUser makes one for an invite or a link: no password, an email identity. */
export async function newEmailUser(tx: Parameters<typeof insertUser>[0], email: string, aud: string, data: Record<string, unknown>, encryptedPassword = ''): Promise<UserRow> {
  const id = randomUUID();
  await insertUser(tx, { id, aud, email, phone: '', encryptedPassword, appMetaData: { provider: 'email', providers: ['email'] }, userMetaData: data });
  await setRole(tx, id, DEFAULT_ROLE);
  const user = (await findUserById(tx, id))!;
  await insertIdentity(tx, id, 'email', ownProviderClaims(id, { email: user.email ?? '' }));
  return user;
}

export async function invite({ request, state, caller }: RouteContext<AdminCaller>): Promise<AuthReply> {
  const { auth, pool } = state;
  const params = readParams(request, INVITE_PARAMS, 'Could not read Invite params');
  const email = validateEmail((params.email as string | undefined) ?? '');
  const aud = requestAud(request, caller.claims);
  const existing = await findUserByEmail(pool, email, aud);
  const id = await inTransaction(pool, async (tx) => {
    if (existing && existing.email_confirmed_at !== null) throw unprocessable(DUPLICATE_EMAIL);
    const user = existing ?? (await newEmailUser(tx, email, aud, (params.data as Record<string, unknown> | undefined) ?? {}));
    await audit(tx, caller.actor, 'user_invited', { user_email: user.email, user_id: user.id });
    try {
      await sendInvite(tx, auth, user, referrerOf(request, auth));
    } catch (error) {
      throw withCause(internalError('Error inviting user'), error);
    }
    return user.id;
  }).catch((error: unknown) => {
    throw error instanceof AuthError ? error : withCause(internalError('Database error saving new user'), error);
  });
  const user = (await findUserById(pool, id))!;
  return { status: 200, body: userJson(user, await identitiesOf(pool, id)) };
}
