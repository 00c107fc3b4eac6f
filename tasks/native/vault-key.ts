/**
 * The per-project key of the native runtime's supabase_vault extension
 * (native-extensions/supabase_vault): 32 random bytes, hex, in `supabase_vault.key` inside the
 * cluster's data folder, where the extension reads it with pg_read_file. It is written once per
 * cluster, after the template is copied (so no two projects share it), readable by the server's
 * user only, and never stored in the database.
 */
import { randomBytes } from 'node:crypto';
import { chown, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunAs } from './service-user.js';

export const VAULT_KEY_FILE = 'supabase_vault.key';

/** Creates the key file of `dataDir` unless it exists. */
export async function ensureVaultKey(dataDir: string, runAs: RunAs | undefined): Promise<void> {
  const file = path.join(dataDir, VAULT_KEY_FILE);
  try {
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw err;
  }
  if (runAs) await chown(file, runAs.uid, runAs.gid);
}
