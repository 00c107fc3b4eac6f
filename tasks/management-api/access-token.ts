/**
 * The personal access token that Management API calls carry (`sbp_` and 40 hex digits). Looked up in the
 * original's order: SUPABASE_ACCESS_TOKEN, the OS keyring (service `Supabase CLI`, account
 * `access-token`), then the file ~/.supabase/access-token. Saved to the keyring when one answers,
 * else to that file with mode 0600, so the original and this tool read each other's login.
 */
import { mkdir, readFile, rm, writeFile, chmod } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { TaskError } from '../task-error.js';
import { osKeyring, whenAvailable, type CredentialStore } from './os-keyring.js';

const TOKEN_PATTERN = /^sbp_[a-f0-9]{40}$/;
const TOKEN_ACCOUNT = 'access-token';

export const TOKEN_MISSING =
  'Access token not provided. Supply an access token by running supabase login or setting the SUPABASE_ACCESS_TOKEN environment variable.';

/** Where the token file lives (HOME honoured, so tests and sandboxes can point elsewhere). */
export function accessTokenPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.HOME || homedir(), '.supabase', 'access-token');
}

/** Checks the token's shape; the message is the original's. */
export function validateAccessToken(token: string): string {
  if (!TOKEN_PATTERN.test(token)) throw new TaskError('Invalid access token format. Must be like `sbp_0102...1920`.');
  return token;
}

/** Loads the token, or fails with the original's message when there is none. */
export async function loadAccessToken(env: NodeJS.ProcessEnv = process.env, store: CredentialStore = osKeyring): Promise<string> {
  const fromEnv = env.SUPABASE_ACCESS_TOKEN;
  if (fromEnv) return validateAccessToken(fromEnv);
  const fromKeyring = await whenAvailable(() => store.get(TOKEN_ACCOUNT));
  if (fromKeyring) return validateAccessToken(fromKeyring);
  // The original reads the whole file without trimming; a stray newline makes it invalid there too.
  const fromFile = await readFile(accessTokenPath(env), 'utf8').catch(() => undefined);
  if (fromFile !== undefined) return validateAccessToken(fromFile);
  throw new TaskError(TOKEN_MISSING);
}

/** Where a saved token went, for messages and tests. */
export type TokenLocation = { kind: 'keyring' } | { kind: 'file'; path: string };

/** Validates and saves a token: the keyring when it answers, else the 0600 file. */
export async function saveAccessToken(
  token: string,
  env: NodeJS.ProcessEnv = process.env,
  store: CredentialStore = osKeyring,
): Promise<TokenLocation> {
  validateAccessToken(token);
  const savedInKeyring = await whenAvailable(async () => (await store.set(TOKEN_ACCOUNT, token), true));
  if (savedInKeyring) return { kind: 'keyring' };
  const file = accessTokenPath(env);
  await mkdir(dirname(file), { recursive: true, mode: 0o755 });
  await writeFile(file, token, { mode: 0o600 });
  // The mode given to writeFile applies only when the file is created; an older file keeps its own.
  await chmod(file, 0o600);
  return { kind: 'file', path: file };
}

/**
 * Removes the saved token as the original's logout does: the file first (and then the keyring
 * entry too, quietly); with no file, the keyring entry. False when there was nothing to remove.
 */
export async function deleteAccessToken(env: NodeJS.ProcessEnv = process.env, store: CredentialStore = osKeyring): Promise<boolean> {
  const file = accessTokenPath(env);
  const hadFile = await rm(file).then(() => true, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return false;
    throw new TaskError(`failed to remove access token file: ${error.message}`);
  });
  const fromKeyring = await whenAvailable(() => store.delete(TOKEN_ACCOUNT)).catch(() => undefined);
  return hadFile || fromKeyring === true;
}
