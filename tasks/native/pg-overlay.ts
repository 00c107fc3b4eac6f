/**
 * PostgreSQL 15 has one extension folder, fixed relative to the server binary. To offer the
 * embedded distribution's extensions plus those installed on the system (apt's pgTAP, say), we
 * build an overlay installation once per machine: the binaries hard-linked (copied across file
 * systems) into a folder of our own, next to `lib/` and `share/` folders made of symlinks to both
 * sources. The server finds its files relative to itself, so it sees the union; the
 * distribution wins where both have a file.
 */
import { createHash } from 'node:crypto';
import { chmod, copyFile, link, mkdir, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { ExtensionDir, PgBinaries } from './pg-binaries.js';
import { exists } from '../fs-exists.js';

/** Returns binaries whose extension folder is the union of the distribution's and the extra ones. */
export async function withMergedExtensions(bins: PgBinaries, home: string): Promise<PgBinaries> {
  // Only the embedded layout (bin/, lib/postgresql/, share/postgresql/) is known to be relocatable.
  if (bins.source !== 'embedded' || bins.extraExtensionDirs.length === 0) return bins;
  const root = path.dirname(bins.binDir);
  const ownExtensions = new Set(await list(path.join(root, 'share', 'postgresql', 'extension')));
  const extras = await Promise.all(
    bins.extraExtensionDirs.map(async (dir) => ({ dir, files: await list(path.join(dir.share, 'extension')) })),
  );
  const added = extras.flatMap(({ files }) => files.filter((f) => f.endsWith('.control') && !ownExtensions.has(f)));
  if (added.length === 0) return bins;

  // A reinstalled distribution has new binaries at the same path: size and mtime tell them apart.
  const binary = await stat(bins.postgres);
  const key = createHash('sha256')
    .update(JSON.stringify({ root, size: binary.size, mtime: binary.mtimeMs, extras: extras.map(({ dir, files }) => [dir, files]), v: 1 }))
    .digest('hex')
    .slice(0, 16);
  const target = path.join(home, '.pg', key);
  if (!(await exists(path.join(target, 'bin', 'postgres')))) {
    await build(root, bins.extraExtensionDirs, target);
  }
  const binDir = path.join(target, 'bin');
  return { ...bins, binDir, postgres: path.join(binDir, 'postgres'), initdb: path.join(binDir, 'initdb') };
}

async function build(root: string, extras: ExtensionDir[], target: string): Promise<void> {
  const tmp = `${target}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  await mkdir(path.join(tmp, 'bin'), { recursive: true, mode: 0o755 });
  for (const name of await list(path.join(root, 'bin'))) {
    await hardLinkOrCopy(path.join(root, 'bin', name), path.join(tmp, 'bin', name));
  }
  // lib/: the distribution's shared libraries (found through the binaries' $ORIGIN/../lib), and
  // lib/postgresql/ with extension modules from every source.
  await linkEntries(path.join(root, 'lib'), path.join(tmp, 'lib'), new Set(['postgresql']));
  await mergeInto(path.join(tmp, 'lib', 'postgresql'), [path.join(root, 'lib', 'postgresql'), ...extras.map((e) => e.lib)]);
  await linkEntries(path.join(root, 'share'), path.join(tmp, 'share'), new Set(['postgresql']));
  await linkEntries(path.join(root, 'share', 'postgresql'), path.join(tmp, 'share', 'postgresql'), new Set(['extension']));
  await mergeInto(path.join(tmp, 'share', 'postgresql', 'extension'), [
    path.join(root, 'share', 'postgresql', 'extension'),
    ...extras.map((e) => path.join(e.share, 'extension')),
  ]);
  try {
    await rename(tmp, target);
  } catch {
    // Another process finished the same overlay first; theirs is identical.
    await rm(tmp, { recursive: true, force: true });
  }
}

/** Symlinks every entry of `from` into `to`, except the names in `skip`. */
async function linkEntries(from: string, to: string, skip: Set<string>): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o755 });
  for (const name of await list(from)) {
    if (!skip.has(name)) await symlink(path.join(from, name), path.join(to, name));
  }
}

/** Symlinks the files of several folders into one; the first folder holding a name wins. */
async function mergeInto(to: string, sources: string[]): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o755 });
  const taken = new Set<string>();
  for (const source of sources) {
    for (const name of await list(source)) {
      if (taken.has(name)) continue;
      taken.add(name);
      await symlink(path.join(source, name), path.join(to, name));
    }
  }
}

async function hardLinkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
    await chmod(to, 0o755);
  }
}

async function list(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

