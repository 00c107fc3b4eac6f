/**
 * The project's migration files (facts §5.2): supabase/migrations/<version>_<name>.sql in lexical
 * order. Other files are skipped with a notice naming them, as is a legacy `<timestamp>_init.sql`
 * first file from before 2021-12-09.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';
import { rethrowWrongKind } from '../project/file-kind.js';

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
  let entries: Array<{ name: string; isFile: () => boolean }>;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { migrations: [], skipped: [] };
    rethrowWrongKind(err, MIGRATIONS_DIR, 'folder');
  }
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name).sort(byCodePoint);
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

/** Lexical order by code point, as Go's sort of directory names (not locale-aware). */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
