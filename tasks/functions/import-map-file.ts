/**
 * Import maps of Edge Functions (for serve and deploy alike): which file applies to a function, and the checks
 * every chosen file passes first (synchronously: `start` describes its containers without awaiting), so a wrong path is one clear line instead of a runtime's stack trace.
 * Precedence: `--import-map`, then `[functions.<slug>] import_map` (relative to supabase/), then
 * supabase/functions/import_map.json when it exists.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ProjectConfig } from '../project/config.types.js';
import { FUNCTIONS_DIR, SUPABASE_DIR, inProject } from '../project/project-paths.js';
import { TaskError, messageOf } from '../task-error.js';
import { statUserFile } from './user-file.js';

export const FALLBACK_IMPORT_MAP = `${FUNCTIONS_DIR}/import_map.json`;

/** Checks that `file` (absolute) is a readable JSON import map; returns it. */
export function checkImportMap(file: string): string {
  const info = statUserFile(file, 'Failed to read import map', 'Check the --import-map flag or the import_map setting in supabase/config.toml.');
  if (info.isDirectory()) throw new TaskError(`Importing directory is unsupported: ${file}`, 'Name the import map JSON file itself, not its folder.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TaskError(`failed to parse import map ${file}: ${messageOf(error)}`, 'An import map is a JSON object with "imports" and optional "scopes".');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TaskError(`failed to parse import map ${file}: not a JSON object`, 'An import map is a JSON object with "imports" and optional "scopes".');
  }
  return file;
}

/** The `--import-map` flag as an absolute path (relative paths start at the project root), checked. */
export function flagImportMap(root: string, flag: string | undefined): string | undefined {
  return flag ? checkImportMap(path.resolve(root, flag)) : undefined;
}

/** `[functions.<slug>] import_map`, absolute and checked, when the config sets one. */
export function configImportMap(root: string, config: ProjectConfig, slug: string): string | undefined {
  const configured = config.functions[slug]?.import_map;
  return configured ? checkImportMap(path.resolve(inProject(root, SUPABASE_DIR), configured)) : undefined;
}

/** supabase/functions/import_map.json when it exists (checked), else undefined. */
export function fallbackImportMap(root: string): string | undefined {
  const file = inProject(root, FALLBACK_IMPORT_MAP);
  return statSync(file, { throwIfNoEntry: false }) ? checkImportMap(file) : undefined;
}

/** The import map one function uses, by the precedence above; undefined when there is none. */
export function importMapFor(root: string, config: ProjectConfig, slug: string, flag: string | undefined): string | undefined {
  return flagImportMap(root, flag) ?? configImportMap(root, config, slug) ?? fallbackImportMap(root);
}
