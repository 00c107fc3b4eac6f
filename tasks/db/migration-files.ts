/**
 * The project's migration files, as the original lists them: supabase/migrations/<version>_<name>.sql in lexical
 * order. Other files are skipped with a notice naming them, as is a legacy `<timestamp>_init.sql`
 * first file from before 2021-12-09.
 */
import { readdir, readlink, stat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';
import { brokenLinkError, rethrowWrongKind } from '../project/file-kind.js';

/** The original's migration file pattern: group 1 is the version, group 2 the name. */
export const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;
const LEGACY_INIT = /^([0-9]{14})_init\.sql$/;

export interface MigrationFile {
  /** File name, e.g. `20240101000000_create_todos.sql`. */
  file: string;
  /** Absolute path. */
  path: string;
  version: string;
  name: string;
}

export interface MigrationListing {
  migrations: MigrationFile[];
  /** Notices for stderr, one per skipped file. */
  skipped: Array<{ file: string; notice: string }>;
}

/** Lists the migrations of a project; a missing folder means none. `upTo` stops after that version. */
export async function listMigrations(root: string, upTo?: string): Promise<MigrationListing> {
  const dir = inProject(root, MIGRATIONS_DIR);
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { migrations: [], skipped: [] };
    rethrowWrongKind(err, MIGRATIONS_DIR, 'folder');
  }
  const names = (await Promise.all(entries.map(async (entry) => ((await isFileOrLinkToOne(dir, entry)) ? entry.name : undefined))))
    .filter((name): name is string => name !== undefined)
    .sort(byCodePoint);
  const listing: MigrationListing = { migrations: [], skipped: [] };
  for (const [index, file] of names.entries()) {
    const legacy = LEGACY_INIT.exec(file);
    if (index === 0 && legacy && legacy[1]! < '20211209000000') {
      listing.skipped.push({ file, notice: `Skipping migration ${file}... (replace "init" with a different file name to apply this migration)` });
      continue;
    }
    const match = MIGRATION_FILE.exec(file);
    if (!match) {
      listing.skipped.push({ file, notice: `Skipping migration ${file}... (file name must match pattern "<timestamp>_name.sql")` });
      continue;
    }
    listing.migrations.push({ file, path: path.join(dir, file), version: match[1]!, name: match[2]! });
    if (upTo !== undefined && match[1] === upTo) break;
  }
  return listing;
}

/**
 * Whether an entry is a file, following a symbolic link as the original's open does (a link to a
 * file is a migration like any other). A link that leads nowhere fails naming it, where the
 * original fails opening it: skipping it would leave a migration out without a word.
 */
async function isFileOrLinkToOne(dir: string, entry: Dirent): Promise<boolean> {
  if (!entry.isSymbolicLink()) return entry.isFile();
  const full = path.join(dir, entry.name);
  try {
    return (await stat(full)).isFile();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ELOOP' && code !== 'ENOTDIR') throw err;
    const target = await readlink(full).catch(() => '?');
    throw brokenLinkError(`${MIGRATIONS_DIR}/${entry.name}`, target, code === 'ELOOP' ? 'is a loop of links' : 'does not exist', err);
  }
}

/** Lexical order by code point, as Go's sort of directory names (not locale-aware). */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
