/**
 * The C modules of our own extensions (native-extensions/<name>/src, such as vector): compiled
 * on this machine against PostgreSQL 15's server headers, because a prebuilt shared object would
 * have to match every distribution's build. Each is compiled once and kept under the native home
 * by the hash of its sources, the headers' version and the compiler command, so later overlays
 * (a new project, an edited SQL script) reuse it. A machine without a compiler or the headers
 * gets no module: the overlay then leaves the extension out, and `create extension` says which
 * packages would build it (sql-error.ts).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ownFileContent, type OwnExtension } from './own-extensions.js';
import { exists } from '../fs-exists.js';

/** Where Debian's postgresql-server-dev-15 puts the headers extensions are compiled against. */
export const SERVER_HEADERS = '/usr/include/postgresql/15/server';

/**
 * An extension's compiled module, or why there is none: `missing` when this machine lacks the
 * compiler or the headers (the packages to install say it all), else the compiler's complaint.
 */
export type OwnModule = { folder: string; file: string } | { folder: string; error: string; missing: boolean };

/**
 * Compiles (or finds already compiled) the module of every extension that has C sources.
 * `CC` names the compiler as build tools do; SUPABASE_NATIVE_PG_HEADERS another headers folder.
 */
export async function ownModules(own: OwnExtension[], home: string, env: NodeJS.ProcessEnv = process.env): Promise<OwnModule[]> {
  const withSources = own.filter((extension) => extension.sources.length > 0);
  if (withSources.length === 0) return [];
  const headers = env.SUPABASE_NATIVE_PG_HEADERS || SERVER_HEADERS;
  const compiler = env.CC || 'cc';
  let version: Buffer;
  try {
    // pg_config.h carries the exact server version and build options the module must match.
    version = await readFile(path.join(headers, 'pg_config.h'));
  } catch {
    return withSources.map(({ folder }) => ({ folder, error: `PostgreSQL 15's server headers are not in ${headers}`, missing: true }));
  }
  return Promise.all(withSources.map((extension) => buildModule(extension, { headers, compiler, version }, home)));
}

interface Toolchain {
  headers: string;
  compiler: string;
  version: Buffer;
}

/** Flags of a position-independent shared object, as PGXS builds one, with optimisation on. */
function compileArgs(toolchain: Toolchain, sources: string[], output: string): string[] {
  return ['-O2', '-fPIC', '-shared', '-fno-strict-aliasing', '-fwrapv', '-I', toolchain.headers, '-o', output, ...sources, '-lm'];
}

async function buildModule(extension: OwnExtension, toolchain: Toolchain, home: string): Promise<OwnModule> {
  const hash = createHash('sha256').update(toolchain.compiler).update('\0').update(toolchain.version);
  hash.update(JSON.stringify(compileArgs(toolchain, [], '')));
  const read = await Promise.all(extension.sources.map((source) => ownFileContent(source.path)));
  extension.sources.forEach((source, index) => hash.update(source.name).update('\0').update(read[index]).update('\0'));
  const folder = path.join(home, '.modules', `${extension.folder}-${hash.digest('hex').slice(0, 16)}`);
  const file = path.join(folder, `${extension.folder}.so`);
  if (await exists(file)) return { folder: extension.folder, file };
  await mkdir(folder, { recursive: true, mode: 0o755 });
  // Compiled beside and renamed into place: two starts at once never load a half-written file.
  const partial = `${file}.tmp-${process.pid}`;
  const cSources = extension.sources.filter((source) => source.name.endsWith('.c')).map((source) => source.path);
  try {
    await promisify(execFile)(toolchain.compiler, compileArgs(toolchain, cSources, partial), { maxBuffer: 16 * 1024 * 1024 });
    await chmod(partial, 0o755);
    await rename(partial, file);
    return { folder: extension.folder, file };
  } catch (err) {
    await rm(partial, { force: true });
    return { folder: extension.folder, ...compileFailure(err, toolchain.compiler) };
  }
}

/** The compiler's own words, or that it is missing. */
function compileFailure(err: unknown, compiler: string): { error: string; missing: boolean } {
  const failure = err as Omit<NodeJS.ErrnoException, 'code'> & { code?: string | number; stderr?: string };
  if (failure.code === 'ENOENT') return { error: `no C compiler (${compiler}) on this machine`, missing: true };
  // Its first error line says what is wrong; the command line (with a temporary path) would not.
  const firstError = (failure.stderr ?? '').split('\n').find((line) => /error/i.test(line));
  return { error: `${compiler} failed: ${firstError?.trim() ?? `exit code ${String(failure.code ?? 'unknown')}`}`, missing: false };
}
