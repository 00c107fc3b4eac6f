/** Where a command works: the given workdir, or the nearest folder upwards that holds supabase/config.toml. */
import { existsSync, statSync } from 'node:fs';
import { UserError } from './errors.js';
import { dirname, join, resolve } from 'node:path';

/** The relative path that marks a project folder. */
export const CONFIG_PATH = join('supabase', 'config.toml');

/**
 * Picks the project root. An explicit workdir wins; `init` never walks up, so a new project is
 * never created inside a parent project by accident; otherwise the search stops at the first
 * folder with a config, falling back to the current folder.
 */
export function findProjectRoot(cwd: string, workdir: string | undefined, options: { walkUp: boolean }): string {
  if (workdir) return existingFolder(resolve(cwd, workdir));
  if (!options.walkUp) return cwd;
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    if (existsSync(join(folder, CONFIG_PATH))) return folder;
    if (dirname(folder) === folder) return cwd;
  }
}

/**
 * The original changes into the workdir first and fails when it cannot; going on instead would
 * create a whole project tree wherever the typo pointed.
 */
function existingFolder(folder: string): string {
  const info = statSync(folder, { throwIfNoEntry: false });
  if (info?.isDirectory()) return folder;
  throw new UserError(
    `failed to change workdir: chdir ${folder}: ${info ? 'not a directory' : 'no such file or directory'}`,
    'Check the folder given with --workdir (or SUPABASE_WORKDIR).',
  );
}
