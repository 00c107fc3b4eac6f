/**
 * The operating system's credential store, where the original keeps the access token (account
 * `access-token`) and each linked project's database password (account `<ref>`), under the service
 * `Supabase CLI`. It goes through @napi-rs/keyring; on Linux it is pinned to the Secret Service
 * (what the original's go-keyring uses), never the kernel keyring, whose entries neither survive a
 * restart nor are visible to the original. Where no store answers (no D-Bus session, WSL), every
 * call reports "unsupported" and the callers fall back as the original does.
 */
import { readFileSync } from 'node:fs';
import type { AsyncEntry } from '@napi-rs/keyring';

export const KEYRING_SERVICE = 'Supabase CLI';

/** Why the store cannot be used: no store answers, or the original's WSL rule. */
export class KeyringUnavailable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'KeyringUnavailable';
  }
}

/** A secret per account, in the OS store. */
export interface CredentialStore {
  /** The secret, or undefined when there is none; rejects with KeyringUnavailable when no store answers. */
  get(account: string): Promise<string | undefined>;
  set(account: string, secret: string): Promise<void>;
  /** Whether an entry was deleted. */
  delete(account: string): Promise<boolean>;
}

function onWsl(): boolean {
  try {
    return readFileSync('/proc/sys/kernel/osrelease', 'utf8').includes('WSL');
  } catch {
    return false;
  }
}

async function entry(account: string): Promise<AsyncEntry> {
  if (process.platform === 'linux' && onWsl()) throw new KeyringUnavailable('Keyring is not supported on WSL');
  const { AsyncEntry } = await import('@napi-rs/keyring');
  // go-keyring names Windows credentials `<service>:<account>`; use the same target so both tools meet.
  if (process.platform === 'win32') return AsyncEntry.withTarget(`${KEYRING_SERVICE}:${account}`, KEYRING_SERVICE, account);
  return new AsyncEntry(KEYRING_SERVICE, account, { linux: { store: 'secret-service' } });
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof KeyringUnavailable) throw error;
    throw new KeyringUnavailable((error as Error).message);
  }
}

/** The real OS store. */
export const osKeyring: CredentialStore = {
  get: (account) => guarded(async () => (await (await entry(account)).getPassword()) ?? undefined),
  set: (account, secret) => guarded(async () => (await entry(account)).setPassword(secret)),
  delete: (account) => guarded(async () => (await entry(account)).deletePassword()),
};

/** Runs a store call and turns "no store here" into undefined, for callers that fall back. */
export async function whenAvailable<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof KeyringUnavailable) return undefined;
    throw error;
  }
}
