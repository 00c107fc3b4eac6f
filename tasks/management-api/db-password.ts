/**
 * A linked project's database password in the OS keyring, where the original keeps it (service
 * `Supabase CLI`, account `<ref>`): `link` saves it, `--linked` commands read it, `unlink` and
 * `projects delete` forget it. Where no keyring answers, reading finds nothing and forgetting has
 * nothing to do; saving reports why it could not.
 */
import { osKeyring, whenAvailable, type CredentialStore } from './os-keyring.js';

/** The saved password of project `ref`, or undefined. */
export async function loadDbPassword(ref: string, store: CredentialStore = osKeyring): Promise<string | undefined> {
  return (await whenAvailable(() => store.get(ref)).catch(() => undefined)) || undefined;
}

/** Saves the password; rejects with the keyring's reason when it cannot. */
export async function saveDbPassword(ref: string, password: string, store: CredentialStore = osKeyring): Promise<void> {
  await store.set(ref, password);
}

/** Forgets the password; no keyring and no entry are both fine. */
export async function deleteDbPassword(ref: string, store: CredentialStore = osKeyring): Promise<void> {
  await whenAvailable(() => store.delete(ref)).catch(() => undefined);
}
