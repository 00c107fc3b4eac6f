/** Finding the pgTAP files to run, as `pg_prove --ext .pg --ext .sql -r` would. */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TaskError } from '../task-error.js';
import { wrongKindError } from '../project/file-kind.js';

const TEST_EXTENSIONS = new Set(['.sql', '.pg']);

/** Every .sql and .pg file under `dir`, recursively, sorted by path so runs are repeatable. */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(full)));
    else if (TEST_EXTENSIONS.has(path.extname(entry.name))) found.push(full);
  }
  return found;
}

/**
 * The absolute test files for the given paths (files or folders). A path is looked up against
 * `baseDir` (the project root, as the original resolves it) and, failing that, against the tests
 * folder, so both `supabase/tests/a_test.sql` and `a_test.sql` work. No paths means the tests folder.
 */
export async function collectTestFiles(testsDir: string, paths: string[], baseDir: string): Promise<string[]> {
  const roots = paths.length > 0 ? paths : [testsDir];
  const files: string[] = [];
  for (const given of roots) {
    const candidates = path.isAbsolute(given) ? [given] : [path.resolve(baseDir, given), path.resolve(testsDir, given)];
    let resolved: { file: string; isDir: boolean } | undefined;
    for (const candidate of candidates) {
      const info = await stat(candidate).catch(() => undefined);
      if (info) {
        resolved = { file: candidate, isDir: info.isDirectory() };
        break;
      }
    }
    if (resolved && !resolved.isDir && paths.length === 0) throw wrongKindError(path.relative(baseDir, testsDir) || testsDir, 'folder');
    if (!resolved) {
      if (paths.length === 0) throw new TaskError(`No tests folder at ${path.relative(baseDir, testsDir) || testsDir}.`, 'Create one with: supabase test new <name>');
      throw new TaskError(`No such test file or folder: ${given}`, 'Give paths relative to the project root or to supabase/tests.');
    }
    // A folder is searched by extension; a file named explicitly runs whatever its extension.
    files.push(...(resolved.isDir ? (await walk(resolved.file)).sort() : [resolved.file]));
  }
  return [...new Set(files)];
}
