// After `tsc`: rewrites dist/tasks/db/kysely.js as one file with kysely inside it, so a command
// loads one module instead of kysely's ~280 (see tasks/db/kysely.ts).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../dist/tasks/db/kysely.js', import.meta.url));
await build({
  entryPoints: [target],
  outfile: target,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
