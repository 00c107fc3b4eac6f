/**
 * The SQL that turns a fresh cluster into a Supabase-like database: migrations/bootstrap/*.sql
 * (roles, schemas, auth, storage, webhooks), applied in file-name order.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageFolder } from '../package-folder.js';

export interface BootstrapScript {
  name: string;
  sql: string;
}

let cached: Promise<BootstrapScript[]> | undefined;

/** The bootstrap scripts in order. */
export function bootstrapScripts(): Promise<BootstrapScript[]> {
  cached ??= (async () => {
    const dir = await packageFolder('migrations/bootstrap');
    const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
    return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })));
  })();
  return cached;
}

/** A digest of the scripts: a cached template cluster is reused only while it matches. */
export async function bootstrapDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const script of await bootstrapScripts()) hash.update(script.name).update('\0').update(script.sql).update('\0');
  return hash.digest('hex');
}
