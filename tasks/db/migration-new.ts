/** `migration new` (facts §5.2): an empty or piped-in file named by the UTC time. */
import { mkdir, writeFile } from 'node:fs/promises';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';

/** `yyyyMMddHHmmss` in UTC, the original's version format. */
export function migrationTimestamp(now: Date = new Date()): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The project-relative path of a new migration: supabase/migrations/<timestamp>_<name>.sql. */
export function newMigrationPath(name: string, now: Date = new Date()): string {
  return `${MIGRATIONS_DIR}/${migrationTimestamp(now)}_${name}.sql`;
}

/** Writes a new migration file with `content` and returns its project-relative path. */
export async function writeMigration(root: string, name: string, content: string, now?: Date): Promise<string> {
  const relative = newMigrationPath(name, now);
  await mkdir(inProject(root, MIGRATIONS_DIR), { recursive: true });
  await writeFile(inProject(root, relative), content);
  return relative;
}
