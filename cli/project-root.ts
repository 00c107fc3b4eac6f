/** Where a command works: the given workdir, or the nearest folder upwards that holds supabase/config.toml. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The relative path that marks a project folder. */
export const CONFIG_PATH = join('supabase', 'config.toml');

/**
 * Picks the project root. An explicit workdir wins; `init` never walks up, so a new project is
 * never created inside a parent project by accident; otherwise the search stops at the first
 * folder with a config, falling back to the current folder.
 */
export function findProjectRoot(cwd: string, workdir: string | undefined, options: { walkUp: boolean }): string {
  if (workdir) return resolve(cwd, workdir);
  if (!options.walkUp) return cwd;
  for (let folder = resolve(cwd); ; folder = dirname(folder)) {
    if (existsSync(join(folder, CONFIG_PATH))) return folder;
    if (dirname(folder) === folder) return cwd;
  }
}
