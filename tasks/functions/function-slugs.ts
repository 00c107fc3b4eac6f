/**
 * The functions a project has for `deploy` with no names (the original's scan): folders of
 * supabase/functions with an index.ts and a valid slug.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { FUNCTIONS_DIR, inProject } from '../project/project-paths.js';
import { FUNCTION_SLUG } from './function-slug.js';

/** Slugs in name order. */
export async function localFunctionSlugs(root: string): Promise<string[]> {
  const dir = inProject(root, FUNCTIONS_DIR);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const slugs: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !FUNCTION_SLUG.test(entry.name)) continue;
    if ((await stat(path.join(dir, entry.name, 'index.ts')).catch(() => undefined))?.isFile()) slugs.push(entry.name);
  }
  return slugs.sort();
}
