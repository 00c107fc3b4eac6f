/**
 * The Deno binary that serves functions natively. It comes from the `deno` npm package, whose
 * per-platform optional dependency (`@deno/<os>-<arch>[-glibc]`) carries the executable, so it
 * arrives with `npm install` and nothing is downloaded at run time. The platform package is
 * resolved directly, which works whether or not the `deno` package's postinstall ran.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { TaskError } from '../../task-error.js';

/** npm package names that may carry the binary for this machine, most specific first. */
function platformPackages(): string[] {
  const arch = process.arch === 'arm64' ? 'arm64' : process.arch;
  if (process.platform === 'linux') return [`@deno/linux-${arch}-glibc`, `@deno/linux-${arch}-musl`, `@deno/linux-${arch}`];
  return [`@deno/${process.platform}-${arch}`];
}

let located: string | undefined;

/** The absolute path of the deno executable. */
export function denoBinary(): string {
  if (located) return located;
  const require = createRequire(import.meta.url);
  const name = process.platform === 'win32' ? 'deno.exe' : 'deno';
  const candidates: string[] = [];
  for (const pkg of [...platformPackages(), 'deno']) {
    try {
      candidates.push(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), name));
    } catch {
      // not installed for this platform
    }
  }
  located = candidates.find((file) => existsSync(file));
  if (!located) {
    throw new TaskError(
      `Deno is not installed: the deno npm package has no binary for ${process.platform}-${process.arch}`,
      'Run npm install in the supabase CLI folder, or use the docker runtime, whose edge-runtime image carries its own Deno.',
    );
  }
  return located;
}

/** `deno --version`'s first line, e.g. `deno 2.9.6 (stable, release, x86_64-unknown-linux-gnu)`. */
export async function denoVersion(): Promise<string> {
  const { stdout } = await promisify(execFile)(denoBinary(), ['--version'], { env: { NO_COLOR: '1' } });
  return stdout.split('\n')[0]?.trim() ?? 'deno';
}
