// The lint step's import-graph check (`npm run lint` runs it after eslint): exits 1, naming the
// modules, when the sources of the CLI import each other in a circle. Type-only imports count too:
// a circle of types is still two modules that cannot be read, moved or tested one without the
// other. Lazy `import()` counts as well (the registry's handler links are lazy, and were circles).
// dist/ is left out: bin/supabase.js reaches the built CLI there, which is the same graph again.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dpdm = createRequire(import.meta.url).resolve('dpdm/lib/bin/dpdm.js');
const result = spawnSync(
  process.execPath,
  [dpdm, '--no-warning', '--no-tree', '--no-progress', '--exit-code', 'circular:1', '--exclude', '/node_modules/|/dist/',
    'cli/**/*.ts', 'tasks/**/*.ts', 'machines/**/*.ts', 'bin/*.js'],
  { cwd: root, encoding: 'utf8' },
);
if (result.status !== 0) {
  process.stderr.write(`${result.stdout}${result.stderr}import circles found: move the piece both sides need into a module of its own\n`);
  process.exit(1);
}
