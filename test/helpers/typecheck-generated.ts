/**
 * Type-checks a generated database.types.ts under `tsc --strict`, optionally with a usage file
 * that imports it and the supabase-js client (resolved from this repository's node_modules).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** tsc's complaints, or '' when the file (and the usage file, if given) compile. */
export async function typecheckGenerated(types: string, usageFile?: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'typegen-tsc-'));
  try {
    await writeFile(path.join(dir, 'database.types.ts'), types);
    if (usageFile) await copyFile(usageFile, path.join(dir, 'usage.ts'));
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true,
        baseUrl: '.', paths: { '*': [path.join(REPO, 'node_modules/*')] }, typeRoots: [path.join(REPO, 'node_modules/@types')], types: [],
      },
      files: usageFile ? ['database.types.ts', 'usage.ts'] : ['database.types.ts'],
    }));
    const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
    return await promisify(execFile)(process.execPath, [tsc, '-p', dir]).then(() => '', (error: { stdout?: string }) => error.stdout ?? String(error));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
