/**
 * `functions download`'s unpacking: every module of the eszip that lives under
 * `/home/deno/functions/` is written back into supabase/functions/, as the edge-runtime's `unbundle`
 * does with that folder mounted. A TypeScript module's eszip source is the transpiled JavaScript;
 * its source map keeps the original text, which is what is written when it is there. Remote
 * modules and the import map (outside the functions folder) are not written.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FUNCTIONS_DIR, inProject } from '../../project/project-paths.js';
import { TaskError } from '../../task-error.js';
import { CONTAINER_FUNCTIONS } from '../container-paths.js';

/** Writes the function files of an eszip; returns their project-relative paths. */
export async function unbundleFunctions(root: string, eszip: Uint8Array): Promise<string[]> {
  const { Parser } = await import('@deno/eszip');
  const parser = await Parser.createInstance();
  let specifiers: string[];
  try {
    specifiers = (await parser.parseBytes(eszip)) as string[];
    await parser.load();
  } catch (error) {
    throw new TaskError(`failed to read the function bundle: ${String(error)}`);
  }
  const functionsDir = inProject(root, FUNCTIONS_DIR);
  const written: string[] = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith(`file://${CONTAINER_FUNCTIONS}/`)) continue;
    const relative = decodeURIComponent(new URL(specifier).pathname).slice(CONTAINER_FUNCTIONS.length + 1);
    const target = path.resolve(functionsDir, relative);
    // A bundle names its own paths; none may land outside supabase/functions.
    if (!target.startsWith(functionsDir + path.sep)) continue;
    const text = originalSource(specifier, (await parser.getModuleSource(specifier)) as string | undefined, (await parser.getModuleSourceMap(specifier)) as string | undefined);
    if (text === undefined) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    written.push(`${FUNCTIONS_DIR}/${relative}`);
  }
  return written;
}

/** The source map's copy of the original text when it has one for this module, else the eszip source. */
function originalSource(specifier: string, source: string | undefined, sourceMap: string | undefined): string | undefined {
  if (sourceMap) {
    try {
      const map = JSON.parse(sourceMap) as { sources?: string[]; sourcesContent?: Array<string | null> };
      const index = map.sources?.indexOf(specifier) ?? -1;
      const original = index >= 0 ? map.sourcesContent?.[index] : undefined;
      if (typeof original === 'string') return original;
    } catch {
      // Not a usable source map; the eszip source is all there is.
    }
  }
  return source;
}
