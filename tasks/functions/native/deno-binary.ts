/**
 * The Deno binary that serves functions natively. It comes from the `deno` npm package, whose
 * per-platform optional dependency (`@deno/<os>-<arch>[-glibc]`) carries the executable, so it
 * arrives with `npm install` and nothing is downloaded at run time. The platform package is
 * resolved directly, which works whether or not the `deno` package's postinstall ran.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/** The Deno version of that binary, from its npm package (no process started), e.g. `2.9.6`. */
export function denoVersion(): string {
  const file = path.join(path.dirname(denoBinary()), 'package.json');
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
