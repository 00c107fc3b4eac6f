/**
 * `supabase status` on a running native stack, in every output format (budget: under 300 ms),
 * next to two floors measured interleaved with it: a bare node process that opens a TCP
 * connection to the database port (the least a status check can do from node), and
 * `psql -c 'select 1'` (a client that logs in and asks). Prints medians and the ratio to the floor.
 * Run with `npx tsx bench/status.ts` after `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgTool } from '../tasks/db/dump-run.js';
import { freePort } from '../tasks/native/port-check.js';
import { median, report, timeCommand } from './measure.js';
// The studio and inbucket ports are freed too: the native stack runs a process on each.
import { withFreeServicePorts } from '../test/integration/support/temp-project.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 15);
const home = mkdtempSync(join(tmpdir(), 'bench-status-home-'));
chmodSync(home, 0o755);
const folder = mkdtempSync(join(tmpdir(), 'bench-status-'));
const env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };

function cli(...args: string[]): void {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
}

try {
  cli('init');
  const port = await freePort();
  const config = join(folder, 'supabase', 'config.toml');
  writeFileSync(config, await withFreeServicePorts(readFileSync(config, 'utf8').replace(/^port = 54322$/m, `port = ${port}`)));
  cli('start');
  const psql = await pgTool('psql');
  const connect = `require('net').connect(${port}, '127.0.0.1').on('connect', function () { this.end(); })`;
  const samples: Record<string, number[]> = { json: [], pretty: [], env: [], node: [], psql: [] };
  for (let run = -1; run < runs; run++) {
    // Interleaved, so a busy moment of the machine weighs on every figure alike; run -1 warms up.
    const times = {
      json: timeCommand(process.execPath, [bin, 'status', '-o', 'json'], { cwd: folder, env }),
      pretty: timeCommand(process.execPath, [bin, 'status'], { cwd: folder, env }),
      env: timeCommand(process.execPath, [bin, 'status', '-o', 'env'], { cwd: folder, env }),
      node: timeCommand(process.execPath, ['-e', connect]),
      psql: timeCommand(psql, ['-X', '-q', '-c', 'select 1', `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`]),
    };
    if (run >= 0) for (const [name, value] of Object.entries(times)) samples[name]!.push(value);
  }
  const floor = median(samples.node!);
  report('floor: node process opening a connection to the database port', floor, 'ms');
  report("psql -c 'select 1'", median(samples.psql!), `ms = ${(median(samples.psql!) / floor).toFixed(2)}x floor`);
  for (const format of ['json', 'pretty', 'env']) {
    const value = median(samples[format]!);
    report(`supabase status${format === 'pretty' ? '' : ` -o ${format}`}`, value, `ms = ${(value / floor).toFixed(2)}x floor`, '< 300 ms');
  }
} finally {
  spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
