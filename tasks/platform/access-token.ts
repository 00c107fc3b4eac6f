/**
 * The personal access token that Management API calls carry (facts §2.1): SUPABASE_ACCESS_TOKEN,
 * else the file ~/.supabase/access-token that `login` writes with mode 0600. The OS keyring of the
 * original is not used; the file is the original's own fallback, so both tools read each other's.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { TaskError } from '../task-error.js';

const TOKEN_PATTERN = /^sbp_[a-f0-9]{40}$/;

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
export async function loadAccessToken(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = env.SUPABASE_ACCESS_TOKEN;
  if (fromEnv) return validateAccessToken(fromEnv);
  const fromFile = await readFile(accessTokenPath(env), 'utf8').catch(() => undefined);
  if (fromFile !== undefined) return validateAccessToken(fromFile);
  throw new TaskError(
    'Access token not provided. Supply an access token by running supabase login or setting the SUPABASE_ACCESS_TOKEN environment variable.',
  );
}
