/**
 * Finds a folder that ships with this package (migrations/bootstrap, native-extensions, ...) by
 * walking up from this module, so the same code works from the sources (tsx) and from dist/.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TaskError } from './task-error.js';

/** The absolute path of `relative` (e.g. `migrations/bootstrap`) in the installed package. */
export async function packageFolder(relative: string): Promise<string> {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, relative);
    try {
      await access(candidate);
      return candidate;
    } catch {
      // keep walking up
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new TaskError(`failed to find ${relative}: the installation is incomplete`, 'Reinstall the supabase CLI.');
    dir = parent;
  }
}
