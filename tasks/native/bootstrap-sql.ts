/**
 * The SQL that turns a fresh cluster into a Supabase-like database: migrations/bootstrap/*.sql
 * (roles, schemas, auth, storage, webhooks), applied in file-name order. The folder is found by
 * walking up from this module, so it works from the sources (tsx) and from dist/ alike.
 */
import { createHash } from 'node:crypto';
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TaskError } from '../task-error.js';

export interface BootstrapScript {
  name: string;
  sql: string;
  /**
   * The schema a service's own migrations create on the platform's images (auth, storage,
   * realtime), from the script's `-- service schema: <name>` line; absent for the rest.
   */
  serviceSchema?: string;
}

const SERVICE_SCHEMA_LINE = /^-- service schema: ([a-z_]+)$/m;

let cached: Promise<BootstrapScript[]> | undefined;

/** The bootstrap scripts in order. */
export function bootstrapScripts(): Promise<BootstrapScript[]> {
  cached ??= (async () => {
    const dir = await findBootstrapDir();
    const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
    return Promise.all(
      names.map(async (name) => {
        const sql = await readFile(path.join(dir, name), 'utf8');
        return { name, sql, serviceSchema: SERVICE_SCHEMA_LINE.exec(sql)?.[1] };
      }),
    );
  })();
  return cached;
}

/**
 * The scripts to run on a database that already has `existingSchemas`: all of them, except
 * those whose service schema is there already. The platform's Postgres image starts the auth,
 * storage and realtime schemas and those services migrate them to their own versions; our copy
 * of their final state would collide with those migrations.
 */
export function scriptsForDatabase(scripts: BootstrapScript[], existingSchemas: ReadonlySet<string>): BootstrapScript[] {
  return scripts.filter((script) => !script.serviceSchema || !existingSchemas.has(script.serviceSchema));
}

/** A digest of the scripts: a cached template cluster is reused only while it matches. */
export async function bootstrapDigest(): Promise<string> {
  return digestOf(await bootstrapScripts());
}

/** The digest of `scripts`: names and texts, so an edit, a new file or a rename changes it. */
export function digestOf(scripts: BootstrapScript[]): string {
  const hash = createHash('sha256');
  for (const script of scripts) hash.update(script.name).update('\0').update(script.sql).update('\0');
  return hash.digest('hex');
}

async function findBootstrapDir(): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'migrations', 'bootstrap');
    try {
      await access(candidate);
      return candidate;
    } catch {
      // keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new TaskError('failed to find migrations/bootstrap: the installation is incomplete');
    dir = parent;
  }
}
