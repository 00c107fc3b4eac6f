/** `migration new`: an empty or piped-in file named by the UTC time. */
import { mkdir, writeFile } from 'node:fs/promises';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';
import { assertFileNameFits, assertFileNamePart, rethrowWrongKind } from '../project/file-kind.js';
import { TaskError } from '../task-error.js';

/** `yyyyMMddHHmmss` in UTC, the original's version format. */
export function migrationTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The project-relative path of a new migration: supabase/migrations/<timestamp>_<name>.sql. */
export function newMigrationPath(name: string, now: Date = new Date()): string {
  return `${MIGRATIONS_DIR}/${migrationTimestamp(now)}_${name}.sql`;
}

/**
 * Writes a new migration file with `content` and returns its project-relative path. The name may
 * not hold a path separator: `a/b` or `../../x` would write elsewhere than the path printed.
 */
export async function writeMigration(root: string, name: string, content: string, now?: Date): Promise<string> {
  assertFileNamePart(name, 'migration', 'create_users');
  const relative = newMigrationPath(name, now);
  assertFileNameFits(name, 'migration', relative.slice(MIGRATIONS_DIR.length + 1), 'create_users');
  try {
    await mkdir(inProject(root, MIGRATIONS_DIR), { recursive: true });
  } catch (error) {
    rethrowWrongKind(error, MIGRATIONS_DIR, 'folder');
  }
  try {
    // Never over an existing file: two migrations made in the same second with one name.
    await writeFile(inProject(root, relative), content, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new TaskError(`${relative} already exists.`, 'Wait a second and run the command again, or pick another name.');
    rethrowWrongKind(error, MIGRATIONS_DIR, 'folder');
  }
  return relative;
}
