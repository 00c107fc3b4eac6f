/**
 * Extensions of our own for the native runtime: every subfolder of `native-extensions/` (shipped
 * with this package) holds one extension's control file(s) and SQL scripts, written for the
 * native runtime where Debian has no package (http, pgjwt, supabase_vault, ...). The native
 * server gets them through the overlay install (pg-overlay.ts) whatever the source of its
 * binaries. The docker runtime never sees them: its database image has the platform's builds.
 * A folder with a `src/` of C sources (vector) also has a module, which own-modules.ts compiles.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageFolder } from '../package-folder.js';

/** One subfolder of native-extensions/. */
export interface OwnExtension {
  /** The subfolder's name (by convention the extension's name). */
  folder: string;
  /** Its files to install into the server's extension folder: `*.control` and `*.sql`. */
  files: Array<{ name: string; path: string }>;
  /** The C sources and headers of its module (`src/*.c`, `src/*.h`), when it has one. */
  sources: Array<{ name: string; path: string }>;
}

let cached: Promise<OwnExtension[]> | undefined;

/** Our extensions, sorted by folder name. */
export function ownExtensions(): Promise<OwnExtension[]> {
  cached ??= (async () => {
    const root = await packageFolder('native-extensions');
    const folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
    return Promise.all(
      folders.map(async (folder) => {
        const names = (await readdir(path.join(root, folder))).filter((name) => name.endsWith('.control') || name.endsWith('.sql')).sort();
        const src = path.join(root, folder, 'src');
        const sources = (await readdir(src).catch(() => [] as string[])).filter((name) => name.endsWith('.c') || name.endsWith('.h')).sort();
        return {
          folder,
          files: names.map((name) => ({ name, path: path.join(root, folder, name) })),
          sources: sources.map((name) => ({ name, path: path.join(src, name) })),
        };
      }),
    );
  })();
  return cached;
}

/**
 * The content of one of our files, read once per process and all at once: the overlay's key
 * (ownExtensionsDigest) and the module's (own-modules.ts) both hash the same sources on the way
 * of every start, where reading them one after the other cost some 10 ms.
 */
export function ownFileContent(file: string): Promise<Buffer> {
  let content = contents.get(file);
  if (!content) contents.set(file, (content = readFile(file)));
  return content;
}
const contents = new Map<string, Promise<Buffer>>();

/** A digest of every file's name and content: an edited script makes a new overlay install. */
export async function ownExtensionsDigest(): Promise<string> {
  const files = (await ownExtensions()).flatMap((extension) => [...extension.files, ...extension.sources]);
  const read = await Promise.all(files.map((file) => ownFileContent(file.path)));
  const hash = createHash('sha256');
  files.forEach((file, index) => hash.update(file.name).update('\0').update(read[index]).update('\0'));
  return hash.digest('hex');
}
