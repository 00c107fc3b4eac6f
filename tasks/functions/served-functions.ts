/**
 * The functions `serve` offers and how each is guarded, as in the original: every folder of
 * supabase/functions whose name is a valid slug, with its import map and whether a JWT is required.
 * JWT precedence: the `--no-verify-jwt` flag when given, then `[functions.<slug>] verify_jwt`, then on.
 */
import { readdirSync, type Dirent } from 'node:fs';
import type { ProjectConfig } from '../project/config.types.js';
import { FUNCTIONS_DIR, inProject } from '../project/project-paths.js';
import { FUNCTION_SLUG } from './function-slug.js';
import { configImportMap } from './import-map-file.js';

export interface ServedFunction {
  slug: string;
  verifyJwt: boolean;
  /** The import map file (absolute), or undefined for none. */
  importMap?: string;
  /** Where the map came from, which decides where the docker runtime mounts it. */
  importMapSource: 'flag' | 'config' | 'fallback' | 'none';
}

export interface ServeOptions {
  /** `--no-verify-jwt` when the user gave it (true or false); undefined when not given. */
  noVerifyJwt?: boolean;
  /** `--import-map`, absolute and checked. */
  flagImportMap?: string;
  /** supabase/functions/import_map.json when it exists, absolute. */
  fallbackImportMap?: string;
}

/** Whether a function requires a valid JWT, by the precedence above. */
export function verifiesJwt(config: ProjectConfig, slug: string, noVerifyJwt: boolean | undefined): boolean {
  if (noVerifyJwt !== undefined) return !noVerifyJwt;
  return config.functions[slug]?.verify_jwt ?? true;
}

/** Lists the served functions, sorted by slug. */
export function servedFunctions(root: string, config: ProjectConfig, options: ServeOptions): ServedFunction[] {
  let entries: Dirent[] = [];
  try {
    entries = readdirSync(inProject(root, FUNCTIONS_DIR), { withFileTypes: true });
  } catch {
    // No functions folder yet: nothing to serve until one appears.
  }
  const slugs = entries.filter((entry) => entry.isDirectory() && FUNCTION_SLUG.test(entry.name)).map((entry) => entry.name).sort();
  const served: ServedFunction[] = [];
  for (const slug of slugs) {
    const fromConfig = options.flagImportMap ? undefined : configImportMap(root, config, slug);
    const [importMap, importMapSource] = options.flagImportMap
      ? [options.flagImportMap, 'flag' as const]
      : fromConfig
        ? [fromConfig, 'config' as const]
        : options.fallbackImportMap
          ? [options.fallbackImportMap, 'fallback' as const]
          : [undefined, 'none' as const];
    served.push({ slug, verifyJwt: verifiesJwt(config, slug, options.noVerifyJwt), importMap, importMapSource });
  }
  return served;
}
