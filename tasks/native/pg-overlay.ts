/**
 * PostgreSQL 15 has one extension folder, found relative to the server binary. To offer more
 * than the binaries' own extensions (the system's apt packages next to the embedded distribution,
 * SUPABASE_NATIVE_EXTENSION_DIRS, and always our own native-extensions/), we build an overlay
 * installation once per machine and set of extensions: the binaries hard-linked (copied across
 * file systems) into a folder of our own, laid out as the original install is (PostgreSQL finds
 * share/ and lib/ by the same relative path from bin/ that it was built with), with every other
 * entry a symlink to the original, and the extension and module folders merged from all
 * sources. The server finds its files relative to itself, so it sees the union; the binaries'
 * own files win where several sources have a name, and one of our extensions is left out whole
 * when a real build of it is installed.
 *
 * Our extension files are copied rather than linked: the server may run as another user that
 * cannot read the folder this package is installed in (under /root, say). So are the modules of
 * those written in C (own-modules.ts compiles them); one whose module could not be built is left
 * out whole, so that `create extension` says it is missing rather than failing to load it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, copyFile, link, mkdir, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { SYSTEM_PG15, type PgBinaries } from './pg-binaries.js';
import { ownExtensions, ownExtensionsDigest, type OwnExtension } from './own-extensions.js';
import { ownModules, type OwnModule } from './own-modules.js';
import { exists } from '../fs-exists.js';

const OVERLAY_FORMAT = 3;

/** Where an installation keeps its control/SQL files (`<share>/extension`) and modules. */
interface InstallLayout {
  share: string;
  pkglib: string;
}

/** Returns binaries whose extension folder is the union of theirs, the extra ones and ours. */
export async function withMergedExtensions(
  bins: PgBinaries,
  home: string,
  env: NodeJS.ProcessEnv = process.env,
  notice: (message: string) => void = () => undefined,
): Promise<PgBinaries> {
  const layout = await layoutOf(bins);
  // A custom folder without pg_config: we cannot tell where its files are, so it runs as it is.
  if (!layout) return bins;
  const modules = await ownModules(await ownExtensions(), home, env);
  const unbuilt = new Set(modules.flatMap((module) => ('error' in module ? [module.folder] : [])));
  for (const module of modules) {
    // A machine without the tools hears of it when a project creates the extension (sql-error.ts);
    // a compiler that refuses our sources is a fault worth saying at once, in its own words.
    if ('error' in module && !module.missing) {
      notice(`native-extensions/${module.folder} could not be compiled (${module.error}): create extension ${module.folder} fails until it is.`);
    }
  }
  const own = (await ownExtensions()).filter((extension) => !unbuilt.has(extension.folder));
  // The names in every merged folder, the system's own included: the overlay is a set of links
  // made once, so an extension package installed (or removed) after it was built would stay
  // invisible (or dangle) until it was deleted by hand. A changed listing is a new overlay.
  const merged = [
    [path.join(layout.share, 'extension'), layout.pkglib],
    ...bins.extraExtensionDirs.map((dir) => [path.join(dir.share, 'extension'), dir.lib]),
  ];
  const listings = await Promise.all(merged.map((dirs) => Promise.all(dirs.map(async (dir) => [dir, await list(dir)]))));
  // A reinstalled distribution has new binaries at the same path: size and mtime tell them apart.
  const binary = await stat(bins.postgres);
  const key = createHash('sha256')
    // The modules' paths name their build: a module built at last (a compiler installed since) is a new overlay.
    .update(JSON.stringify({ bin: bins.binDir, layout, size: binary.size, mtime: binary.mtimeMs, listings, modules: modules.map(moduleKey), v: OVERLAY_FORMAT }))
    .update(await ownExtensionsDigest())
    .digest('hex')
    .slice(0, 16);
  const target = path.join(home, '.pg', key);
  // The common root of bin/, share/ and lib/ is what gets mirrored (the embedded package's
  // native/ folder, or /usr for Debian's packages).
  const root = commonRoot([bins.binDir, layout.share, layout.pkglib]);
  const binDir = path.join(target, path.relative(root, bins.binDir));
  if (!(await exists(path.join(binDir, 'postgres')))) {
    await build({ root, binDir: bins.binDir, layout, extras: bins.extraExtensionDirs, own, modules }, target);
  }
  const pkglibDir = path.join(target, path.relative(root, layout.pkglib));
  return { ...bins, binDir, postgres: path.join(binDir, 'postgres'), initdb: path.join(binDir, 'initdb'), pkglibDir };
}

/** What of a module decides the overlay: its build's path, or that it has none (not why: a message may vary). */
function moduleKey(module: OwnModule): string {
  return 'file' in module ? module.file : `${module.folder}: not built`;
}

/** The share and module folders of the binaries' installation. */
async function layoutOf(bins: PgBinaries): Promise<InstallLayout | undefined> {
  if (bins.source === 'system') return { share: SYSTEM_PG15.share, pkglib: SYSTEM_PG15.lib };
  const root = path.dirname(bins.binDir);
  if (bins.source === 'embedded') return { share: path.join(root, 'share', 'postgresql'), pkglib: path.join(root, 'lib', 'postgresql') };
  try {
    const { stdout } = await promisify(execFile)(path.join(bins.binDir, 'pg_config'), ['--sharedir', '--pkglibdir']);
    const [share, pkglib] = stdout.trim().split('\n');
    return share && pkglib ? { share, pkglib } : undefined;
  } catch {
    return undefined;
  }
}

interface BuildPlan {
  root: string;
  binDir: string;
  layout: InstallLayout;
  extras: PgBinaries['extraExtensionDirs'];
  own: OwnExtension[];
  modules: OwnModule[];
}

async function build(plan: BuildPlan, target: string): Promise<void> {
  const tmp = `${target}.tmp-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  const rel = (dir: string): string => path.relative(plan.root, dir);
  const special = new Map<string, (to: string) => Promise<void>>([
    [rel(plan.binDir), (to) => hardLinkAll(plan.binDir, to)],
    [
      rel(plan.layout.pkglib),
      async (to) => {
        await mergeInto(to, [plan.layout.pkglib, ...plan.extras.map((e) => e.lib)]);
        await addOwnModules(to, plan.modules);
      },
    ],
    [
      rel(path.join(plan.layout.share, 'extension')),
      async (to) => {
        await mergeInto(to, [path.join(plan.layout.share, 'extension'), ...plan.extras.map((e) => path.join(e.share, 'extension'))]);
        await addOwn(to, plan.own);
      },
    ],
  ]);
  await mirror(plan.root, tmp, '', special);
  try {
    await rename(tmp, target);
  } catch {
    // Another process finished the same overlay first; theirs is identical.
    await rm(tmp, { recursive: true, force: true });
  }
}

/**
 * Recreates folder `from` at `to`: entries named in `special` (paths relative to the mirrored
 * root) are built by their handler, folders on the way to them are mirrored the same way, and
 * everything else becomes a symlink to the original.
 */
async function mirror(from: string, to: string, relative: string, special: Map<string, (to: string) => Promise<void>>): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o755 });
  const names = new Set(await list(from));
  // A special folder the original lacks (an install without extensions) is still made.
  for (const key of special.keys()) {
    const next = key.split(path.sep).slice(relative ? relative.split(path.sep).length : 0)[0];
    if (next && isWithin(relative, key)) names.add(next);
  }
  for (const name of [...names].sort()) {
    const rel = relative ? path.join(relative, name) : name;
    const handler = special.get(rel);
    if (handler) await handler(path.join(to, name));
    else if ([...special.keys()].some((key) => isWithin(rel, key))) await mirror(path.join(from, name), path.join(to, name), rel, special);
    else await symlink(path.join(from, name), path.join(to, name));
  }
}

/** Whether `key` lies strictly inside folder `relative` ('' being the root). */
function isWithin(relative: string, key: string): boolean {
  return relative === '' ? key !== '' : key.startsWith(relative + path.sep);
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

/** Copies in our extensions, each whole or not at all: one whose control file exists is skipped. */
async function addOwn(to: string, own: OwnExtension[]): Promise<void> {
  const present = new Set(await list(to));
  for (const extension of own) {
    if (extension.files.some((file) => file.name.endsWith('.control') && present.has(file.name))) continue;
    for (const file of extension.files) {
      await copyFile(file.path, path.join(to, file.name));
      await chmod(path.join(to, file.name), 0o644);
    }
  }
}

/** Copies in the modules that were built, each unless a module of that name is installed already. */
async function addOwnModules(to: string, modules: OwnModule[]): Promise<void> {
  const present = new Set(await list(to));
  for (const module of modules) {
    if (!('file' in module) || present.has(path.basename(module.file))) continue;
    await copyFile(module.file, path.join(to, path.basename(module.file)));
    await chmod(path.join(to, path.basename(module.file)), 0o755);
  }
}

async function hardLinkAll(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o755 });
  for (const name of await list(from)) {
    try {
      await link(path.join(from, name), path.join(to, name));
    } catch {
      await copyFile(path.join(from, name), path.join(to, name));
      await chmod(path.join(to, name), 0o755);
    }
  }
}

/** The deepest folder holding all of `dirs`. */
function commonRoot(dirs: string[]): string {
  const parts = dirs.map((dir) => path.resolve(dir).split(path.sep));
  const first = parts[0] ?? [];
  let depth = 0;
  while (depth < first.length && parts.every((p) => p[depth] === first[depth])) depth++;
  return first.slice(0, depth).join(path.sep) || path.sep;
}

async function list(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}
