// `npm start`: runs the local stack for the bundled example project (examples/demo) with this
// build of the CLI, and prints its URLs and keys.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const workdir = fileURLToPath(new URL('../examples/demo', import.meta.url));
const result = spawnSync(process.execPath, [bin, 'start', '--workdir', workdir, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
