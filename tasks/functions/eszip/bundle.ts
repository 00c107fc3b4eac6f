/**
 * `functions deploy`'s bundle: an eszip of the function's module graph, built with
 * `@deno/eszip` (Deno's own eszip library, as WebAssembly) instead of the edge-runtime image, with
 * the specifiers the platform's runtime expects: the entrypoint at
 * `file:///home/deno/functions/<slug>/index.ts` and the import map at
 * `file:///home/deno/import_map.json`. Local files are read from the project; remote https modules
 * are fetched and included; `npm:`, `node:` and `jsr:` specifiers stay references, resolved by the
 * runtime that loads the bundle.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FUNCTIONS_DIR, inProject } from '../../project/project-paths.js';
import { TaskError } from '../../task-error.js';
import { CONTAINER_FUNCTIONS, CONTAINER_HOME, containerImportMap, type Mount } from '../container-paths.js';

export const CONTAINER_IMPORT_MAP = `${CONTAINER_HOME}/import_map.json`;

/** The entrypoint of a function as the platform knows it. */
export function containerEntrypoint(slug: string): string {
  return `${CONTAINER_FUNCTIONS}/${slug}/index.ts`;
}

type LoadResponse =
  | { kind: 'module'; specifier: string; content: string; headers?: Record<string, string> }
  | { kind: 'external'; specifier: string }
  | undefined;

/** Fails with one clear line when supabase/functions/<slug>/index.ts is missing. */
export async function checkEntrypoint(root: string, slug: string): Promise<void> {
  const entry = inProject(root, `${FUNCTIONS_DIR}/${slug}/index.ts`);
  if (!(await stat(entry).catch(() => undefined))?.isFile()) {
    throw new TaskError(`Entrypoint not found: ${FUNCTIONS_DIR}/${slug}/index.ts`, `Create it with supabase functions new ${slug}, or check the name.`);
  }
}

/** Builds the eszip of one function; `importMap` is the host file (absolute) or undefined. */
export async function bundleFunction(root: string, slug: string, importMap: string | undefined): Promise<Uint8Array> {
  await checkEntrypoint(root, slug);
  const mounts: Mount[] = [{ host: inProject(root, FUNCTIONS_DIR) + path.sep, container: `${CONTAINER_FUNCTIONS}/` }];
  let mapText: string | undefined;
  if (importMap) {
    const mapped = containerImportMap(root, importMap);
    mapText = mapped.text;
    mounts.push(...mapped.modules);
  }
  const load = async (specifier: string): Promise<LoadResponse> => {
    if (specifier === `file://${CONTAINER_IMPORT_MAP}` && mapText !== undefined) return { kind: 'module', specifier, content: mapText };
    if (specifier.startsWith('file://')) return loadLocal(specifier, mounts);
    if (specifier.startsWith('https://') || specifier.startsWith('http://')) return loadRemote(specifier);
    return { kind: 'external', specifier };
  };
  const { build } = await import('@deno/eszip');
  try {
    return await build([`file://${containerEntrypoint(slug)}`], load as Parameters<typeof build>[1], mapText === undefined ? undefined : `file://${CONTAINER_IMPORT_MAP}`);
  } catch (error) {
    throw new TaskError(`failed to bundle ${slug}: ${hostPaths(String(error instanceof Error ? error.message : error), mounts)}`);
  }
}

/** A file:// module of the container's view, read from where it is mounted from. */
async function loadLocal(specifier: string, mounts: Mount[]): Promise<LoadResponse> {
  const inContainer = decodeURIComponent(new URL(specifier).pathname);
  for (const mount of mounts) {
    const directory = mount.container.endsWith('/');
    if (directory ? !inContainer.startsWith(mount.container) : inContainer !== mount.container) continue;
    const host = directory ? path.join(mount.host, inContainer.slice(mount.container.length)) : mount.host;
    const content = await readFile(host, 'utf8').catch(() => undefined);
    return content === undefined ? undefined : { kind: 'module', specifier, content };
  }
  return undefined;
}

/** An http(s) module, following redirects; its content type decides how it is parsed. */
async function loadRemote(specifier: string): Promise<LoadResponse> {
  const response = await fetch(specifier, { redirect: 'follow' });
  if (!response.ok) throw new Error(`failed to fetch ${specifier}: ${response.status} ${response.statusText}`);
  return { kind: 'module', specifier: response.url || specifier, content: await response.text(), headers: Object.fromEntries(response.headers) };
}

/** Error text with container paths turned back into the project's, so the user can find the file. */
function hostPaths(text: string, mounts: Mount[]): string {
  let out = text;
  for (const mount of mounts) out = out.split(`file://${mount.container}`).join(mount.host);
  return out;
}
