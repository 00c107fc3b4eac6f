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
  /**
   * The schema a service's own migrations create on the platform's images (auth, storage,
   * realtime), from the script's `-- service schema: <name>` line; absent for the rest.
   */
  serviceSchema?: string;
}

const SERVICE_SCHEMA_LINE = /^-- service schema: ([a-z_]+)$/m;

const cached = new Map<string, Promise<BootstrapScript[]>>();

/** The scripts of one folder of migrations/, in order. */
function scriptsOf(folder: string): Promise<BootstrapScript[]> {
  let scripts = cached.get(folder);
  if (!scripts) {
    scripts = (async () => {
      const dir = await packageFolder(`migrations/${folder}`);
      const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
      return Promise.all(
        names.map(async (name) => {
          const sql = await readFile(path.join(dir, name), 'utf8');
          return { name, sql, serviceSchema: SERVICE_SCHEMA_LINE.exec(sql)?.[1] };
        }),
      );
    })();
    cached.set(folder, scripts);
  }
  return scripts;
}

/**
 * The shared bootstrap scripts, in order: the native runtime's, and the docker runtime's on
 * PostgreSQL 13 and 14 images (on 15 the platform's image and the services set the database up).
 */
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

/**
 * The scripts to run on a database that already has `existingSchemas`: all of them, except
 * those whose service schema is there already. The platform's Postgres image starts the auth,
 * storage and realtime schemas and those services migrate them to their own versions; our copy
 * of their final state would collide with those migrations.
 */
export function scriptsForDatabase(scripts: BootstrapScript[], existingSchemas: ReadonlySet<string>): BootstrapScript[] {
  return scripts.filter((script) => !script.serviceSchema || !existingSchemas.has(script.serviceSchema));
}

/** A digest of the native scripts: a cached template cluster is reused only while it matches. */
export async function bootstrapDigest(): Promise<string> {
  return digestOf(await nativeBootstrapScripts());
}

/** The digest of `scripts`: names and texts, so an edit, a new file or a rename changes it. */
export function digestOf(scripts: BootstrapScript[]): string {
  const hash = createHash('sha256');
  for (const script of scripts) hash.update(script.name).update('\0').update(script.sql).update('\0');
  return hash.digest('hex');
}
