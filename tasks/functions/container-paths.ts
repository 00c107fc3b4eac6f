/**
 * Where a project's function files live inside the edge-runtime container (`/home/deno/functions`,
 * as in the original), and how an
 * import map is carried there. Map entries that point at local files are rewritten to absolute
 * container paths: files inside supabase/functions to their place under `/home/deno/functions`,
 * files elsewhere to `/home/deno/modules/<sha256 of the path>[ext]`, mounted read-only, as the
 * original does. URLs, `npm:` and other specifiers are left alone. Relative entries resolve against
 * the map file's own folder, as Deno reads import maps (the original left entries inside the
 * functions folder relative to wherever the map was mounted, which broke them). The same view
 * serves the docker runtime's mounts and the eszip bundler's loader, so a bundle holds the
 * specifiers the platform's runtime expects.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_DIR, inProject } from '../project/project-paths.js';

export const CONTAINER_HOME = '/home/deno';
export const CONTAINER_FUNCTIONS = `${CONTAINER_HOME}/functions`;
export const CONTAINER_MODULES = `${CONTAINER_HOME}/modules`;

/** A host path seen at a container path. */
export interface Mount {
  host: string;
  container: string;
}

/** An import map as the container sees it: its rewritten text and the module files it needs. */
export interface ContainerImportMap {
  /** JSON text of the map with local paths rewritten. */
  text: string;
  /** Whether anything was rewritten (then the text differs from the file). */
  rewritten: boolean;
  modules: Mount[];
}

interface ImportMapJson {
  imports?: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
}

/** sha256 hex of a path, the original's name for rewritten modules and temporary import maps. */
export function pathHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Reads `hostFile` (already checked) and rewrites it for the container. */
export function containerImportMap(root: string, hostFile: string): ContainerImportMap {
  const text = readFileSync(hostFile, 'utf8');
  const original = JSON.parse(text) as ImportMapJson;
  const modules: Mount[] = [];
  let rewritten = false;
  const rewrite = (mapping: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(mapping).map(([key, value]) => {
      const target = containerTarget(root, path.dirname(hostFile), value);
      if (!target) return [key, value];
      rewritten = true;
      if (target.mount) modules.push(target.mount);
      return [key, target.container];
    }));
  const result: ImportMapJson = { imports: rewrite(original.imports ?? {}), scopes: {} };
  for (const [scope, mapping] of Object.entries(original.scopes ?? {})) result.scopes![scope] = rewrite(mapping);
  return rewritten ? { text: JSON.stringify(result, null, 4), rewritten, modules } : { text, rewritten, modules };
}

/**
 * Where one map value points inside the container, with the mount it needs; undefined when it stays
 * as written (URLs, bare specifiers, and paths that do not exist).
 */
function containerTarget(root: string, mapDir: string, value: string): { container: string; mount?: Mount } | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return undefined;
  const directory = value.endsWith('/');
  const host = path.resolve(mapDir, value);
  if (!existsSync(host)) return undefined;
  const suffix = directory ? '/' : '';
  const functionsDir = inProject(root, FUNCTIONS_DIR);
  if (host === functionsDir || host.startsWith(functionsDir + path.sep)) {
    return { container: `${CONTAINER_FUNCTIONS}${path.relative(functionsDir, host).split(path.sep).map((part) => `/${part}`).join('')}${suffix}` };
  }
  const container = `${CONTAINER_MODULES}/${pathHash(host)}${directory ? '/' : path.extname(host)}`;
  return { container, mount: { host: host + suffix, container } };
}
