/**
 * Finds a folder or file that ships with this package (migrations/bootstrap, native-extensions,
 * a service's entry, ...) by walking up from this module, so the same code works from the
 * sources (tsx), from dist/ as tsc writes it and from the CLI bundle (dist/cli-script.js).
 */
import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TaskError } from './task-error.js';

/** The absolute path of `relative` (e.g. `migrations/bootstrap`) in the installed package. */
export async function packageFolder(relative: string): Promise<string> {
  for (const candidate of upFromHere(relative)) {
    try {
      await access(candidate);
      return candidate;
    } catch {
      // keep walking up
    }
  }
  throw incomplete(relative);
}

/** packageFolder for a caller that cannot wait (a file looked for once, at a spawn). */
export function packageFileSync(relative: string): string {
  for (const candidate of upFromHere(relative)) if (existsSync(candidate)) return candidate;
  throw incomplete(relative);
}

/** Whether this module runs from the TypeScript sources (tests, development) rather than a build. */
export const runsFromSource = path.extname(fileURLToPath(import.meta.url)) === '.ts';

/** `relative` in this module's folder, then in each folder above it. */
function* upFromHere(relative: string): Generator<string> {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    yield path.join(dir, relative);
    if (path.dirname(dir) === dir) return;
  }
}

function incomplete(relative: string): TaskError {
  return new TaskError(`failed to find ${relative}: the installation is incomplete`, 'Reinstall the supabase CLI.');
}
