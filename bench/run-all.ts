/** Runs every bench script in turn; each prints its own figures. Needs `npm run build` first. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('.', import.meta.url));
const helpers = new Set(['measure.ts', 'run-all.ts', 'journal-workload.ts']);
for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && !helpers.has(name)).sort()) {
  console.log(`\n# ${file}`);
  spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], { stdio: 'inherit' });
}
