/**
 * GoTrue v2.132.3's createAccountFromExternalIdentity with its DetermineAccountLinking: the user an
 * OAuth sign-in lands on. The provider's identity already known signs its user in (its data
 * refreshed); otherwise a verified address (any address when mail autoconfirms, the local default)
 * shared with exactly one user links the new identity to that user; otherwise a user is created
 * with the provider's claims as metadata and no password. An unconfirmed user keeps only this
 * identity and is confirmed when the address is verified or autoconfirm is on; without either the
 * confirmation is written and the sign-in refused with GoTrue's 401 (committed, as GoTrue commits).
 */
import { randomUUID } from 'node:crypto';
import type { AuthDb } from '../auth-db.js';
import { forbidden, internalError, unauthorized, type AuthError } from '../auth-error.js';
import type { AuthApiSettings } from '../auth-settings.js';
import { FrequencyLimit, sendConfirmation } from '../mail-senders.js';
import { audit } from '../store/audit-log.js';
import { deleteOtherIdentities, findIdentityBySubject, identitiesWithEmails, insertExternalIdentity, refreshAppMetaDataProviders, refreshIdentity, userIdsWithEmails } from '../store/external-identities.js';
import { confirmEmail, findDuplicateEmail, findUserById, insertUser, mergeMetaData, setEncryptedPassword, setRole, setUserMetaData, type UserRow } from '../store/users.js';
import { actorOf, DEFAULT_ROLE } from '../routes/signup.js';
import type { ProviderEmail } from './oauth-providers.js';

type Decision =
  | { kind: 'exists'; user: UserRow; identityId: string; candidate: ProviderEmail }
  | { kind: 'create'; candidate: ProviderEmail }
  | { kind: 'link'; user: UserRow; candidate: ProviderEmail }
  | { kind: 'multiple' };

/** GoTrue's DetermineAccountLinking for a provider outside SSO (the `default` linking domain). */
async function decide(db: AuthDb, autoconfirm: boolean, emails: ProviderEmail[], aud: string, provider: string, subject: string): Promise<Decision> {
  const verified: string[] = [];
  let candidate: ProviderEmail = { email: '', verified: false, primary: false };
  for (const entry of emails) {
    if (entry.verified || autoconfirm) verified.push(entry.email.toLowerCase());
    if (entry.primary) candidate = { ...entry, email: entry.email.toLowerCase() };
  }
  const identity = await findIdentityBySubject(db, subject, provider);
  if (identity) {
    const user = (await findUserById(db, identity.user_id))!;
    return { kind: 'exists', user, identityId: identity.id, candidate: { ...candidate, email: user.email ?? '' } };
  }
  if (verified.length === 0) {
    if (candidate.email && (await findDuplicateEmail(db, candidate.email, aud))) candidate = { ...candidate, email: '' };
    return { kind: 'create', candidate };
  }
  const linking = (await identitiesWithEmails(db, verified)).filter((entry) => !entry.provider.startsWith('sso:'));
  if (linking.length === 0) {
    const users = await userIdsWithEmails(db, verified);
    if (users.length === 1) return { kind: 'link', user: (await findUserById(db, users[0]))!, candidate };
    return users.length > 1 ? { kind: 'multiple' } : { kind: 'create', candidate };
  }
  if (linking.some((entry) => entry.user_id !== linking[0].user_id)) return { kind: 'multiple' };
  return { kind: 'link', user: (await findUserById(db, linking[0].user_id))!, candidate };
}

/** The user signed in, or a refusal that GoTrue commits what came before (`commit: true`). */
export type ExternalAccountOutcome = { user: UserRow } | { refusal: AuthError };

export async function externalAccount(db: AuthDb, auth: AuthApiSettings, aud: string, provider: string, emails: ProviderEmail[], identityData: Record<string, unknown>): Promise<ExternalAccountOutcome> {
  const decision = await decide(db, auth.email.autoconfirm, emails, aud, provider, String(identityData.sub ?? ''));
  let user: UserRow;
  let identityId: string;
  switch (decision.kind) {
    case 'multiple':
      throw internalError('Multiple accounts with the same email address in the same linking domain detected: default');
    case 'exists':
      user = decision.user;
      identityId = decision.identityId;
      await refreshIdentity(db, identityId, identityData);
      await setUserMetaData(db, user.id, mergeMetaData(user.raw_user_meta_data, identityData));
      await refreshAppMetaDataProviders(db, user.id);
      break;
    case 'link':
      user = decision.user;
      identityId = await insertExternalIdentity(db, user.id, provider, identityData);
      await refreshAppMetaDataProviders(db, user.id);
      break;
    case 'create': {
      if (auth.disableSignup) throw forbidden('Signups not allowed for this instance');
      const id = randomUUID();
      await insertUser(db, { id, aud, email: decision.candidate.email, phone: '', encryptedPassword: '', appMetaData: { provider, providers: [provider] }, userMetaData: identityData });
      await setRole(db, id, DEFAULT_ROLE);
      // Reloaded: triggers may have changed the row as it went in.
      user = (await findUserById(db, id))!;
      identityId = await insertExternalIdentity(db, id, provider, identityData);
      break;
    }
  }
  if (user.banned) throw unauthorized('User is unauthorized');
  if (user.email_confirmed_at === null) {
    // GoTrue's RemoveUnconfirmedIdentities: nobody confirmed the password or the other identities.
    await setEncryptedPassword(db, user.id, '');
    await setUserMetaData(db, user.id, identityData);
    await deleteOtherIdentities(db, user.id, identityId);
    if (decision.candidate.verified || auth.email.autoconfirm) {
      await audit(db, actorOf(user), 'user_signedup', { provider });
      await confirmEmail(db, user.id);
    } else if (decision.candidate.email) {
      try {
        // The mail goes out as at signup; sent a moment ago, the earlier one stands.
        await sendConfirmation(db, auth, user, auth.siteUrl);
      } catch (error) {
        if (!(error instanceof FrequencyLimit)) throw error;
      }
      return { refusal: unauthorized(`Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`) };
    } else {
      return { refusal: unauthorized(`Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`) };
    }
  } else {
    await audit(db, actorOf(user), 'login', { provider });
  }
  return { user: (await findUserById(db, user.id))! };
}
