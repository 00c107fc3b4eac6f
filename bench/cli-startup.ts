/** `supabase --version` and `--help` wall times next to `node -e 0` (budget: within 1.5x). */
import { fileURLToPath } from 'node:url';
import { medianOf, report, timeCommand } from './measure.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 20);
const node = process.execPath;

const baseline = medianOf(runs, () => timeCommand(node, ['-e', '0']));
const version = medianOf(runs, () => timeCommand(node, [bin, '--version']));
const help = medianOf(runs, () => timeCommand(node, [bin, '--help']));

report('node -e 0', baseline, 'ms');
report('supabase --version', version, `ms = ${(version / baseline).toFixed(2)}x node`, '1.5x');
report('supabase --help', help, `ms = ${(help / baseline).toFixed(2)}x node`, '1.5x');
