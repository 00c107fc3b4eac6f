/**
 * A migration version named on the command line (`migration repair`, `migration squash --version`,
 * `db reset --version`): checked as the original parses it, and found among the local files.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR, inProject } from '../project/project-paths.js';
import { TaskError } from '../task-error.js';

/** A version argument must be a whole number (the original parses it as an integer). */
export function parseVersion(value: string): string {
  if (!/^[0-9]+$/.test(value)) throw new TaskError(`failed to parse ${value}: invalid version number`);
  return value;
}

/** The file of a version: the first `supabase/migrations/<v>_*.sql`, in lexical order. */
export async function migrationFileOf(root: string, version: string): Promise<{ file: string; path: string; name: string }> {
  const dir = inProject(root, MIGRATIONS_DIR);
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  const file = names.find((name) => name.startsWith(`${version}_`) && name.endsWith('.sql'));
  if (!file) throw new TaskError(`glob ${MIGRATIONS_DIR}/${version}_*.sql: file does not exist`);
  return { file, path: path.join(dir, file), name: file.slice(version.length + 1, -'.sql'.length) };
}
