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

const cached = new Map<string, Promise<BootstrapScript[]>>();

/** The scripts of one folder of migrations/, in order. */
function scriptsOf(folder: string): Promise<BootstrapScript[]> {
  let scripts = cached.get(folder);
  if (!scripts) {
    scripts = (async () => {
      const dir = await packageFolder(`migrations/${folder}`);
      const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
      return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })));
    })();
    cached.set(folder, scripts);
  }
  return scripts;
}

/** The bootstrap scripts both runtimes apply, in order. */
export function bootstrapScripts(): Promise<BootstrapScript[]> {
  return scriptsOf('bootstrap');
}

/**
 * What the native runtime applies: the shared scripts, then migrations/native-bootstrap/, which
 * sets up what the docker runtime's image has of its own (the platform's preinstalled vault).
 */
export async function nativeBootstrapScripts(): Promise<BootstrapScript[]> {
  return [...(await bootstrapScripts()), ...(await scriptsOf('native-bootstrap'))];
}

/** A digest of the native scripts: a cached template cluster is reused only while it matches. */
export async function bootstrapDigest(): Promise<string> {
  const hash = createHash('sha256');
  for (const script of await nativeBootstrapScripts()) hash.update(script.name).update('\0').update(script.sql).update('\0');
  return hash.digest('hex');
}
