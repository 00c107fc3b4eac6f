/**
 * The commands whose SQL goes through kysely and listr2 (#22), as whole processes on the demo
 * project (examples/demo) started on the native runtime: `db reset`, `gen types typescript
 * --local` and `inspect db bloat`. With BENCH_BEFORE (a built copy of an earlier commit) the same
 * commands of that build are timed in the same rounds, and each figure is printed as a ratio to
 * its "before" (budget: within 1.05x). Interleaved, medians of BENCH_RUNS (default 11) rounds.
 *
 * Needs a build (`npm run build`): it runs bin/supabase.js as users do.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeRoot, interleaved, median, report } from './measure.js';
import { withPortsAround } from './project-ports.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const beforeBin = beforeRoot && path.join(beforeRoot, 'bin', 'supabase.js');
const home = mkdtempSync(path.join(tmpdir(), 'bench-sql-home-'));
chmodSync(home, 0o755);
const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };

/**
 * A copy of the demo project with its own project id and ports. Each build gets its own: the
 * cluster's template database carries the bootstrap of the build that made it, and two builds
 * sharing one cluster would rebuild it at every reset.
 */
function project(name: string, port: number): { folder: string; env: NodeJS.ProcessEnv } {
  const folder = mkdtempSync(path.join(tmpdir(), `bench-sql-${name}-`));
  cpSync(fileURLToPath(new URL('../examples/demo/supabase', import.meta.url)), path.join(folder, 'supabase'), { recursive: true });
  const config = path.join(folder, 'supabase', 'config.toml');
  writeFileSync(config, withPortsAround(readFileSync(config, 'utf8'), port).replace(/^project_id = ".*"$/m, `project_id = "bench-sql-${name}"`));
  return { folder, env: { ...env, SUPABASE_PG_META_PORT: String(port + 10) } };
}

function timed(cli: string, where: { folder: string; env: NodeJS.ProcessEnv }, args: string[]): number {
  const began = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: where.folder, env: where.env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - began) / 1e6;
}

const COMMANDS: Record<string, string[]> = {
  'db reset': ['db', 'reset'],
  'gen types typescript --local': ['gen', 'types', 'typescript', '--local'],
  'inspect db bloat': ['inspect', 'db', 'bloat', '--local'],
};
const now = project('now', 26722);
const before = beforeBin ? project('before', 26742) : undefined;
const stacks: Array<[string, { folder: string; env: NodeJS.ProcessEnv }]> = [[bin, now], ...(before && beforeBin ? [[beforeBin, before] as [string, typeof before]] : [])];

try {
  for (const [cli, where] of stacks) timed(cli, where, ['start', '-x', 'postgres-meta,studio,inbucket']);
  const measurements: Record<string, () => number> = {};
  for (const [name, args] of Object.entries(COMMANDS)) {
    measurements[name] = () => timed(bin, now, args);
    if (beforeBin && before) measurements[`${name} (before)`] = () => timed(beforeBin, before, args);
  }
  const samples = interleaved(RUNS, measurements);
  for (const name of Object.keys(COMMANDS)) {
    const current = median(samples[name]);
    if (!beforeBin) {
      report(name, current, 'ms');
      continue;
    }
    const earlier = median(samples[`${name} (before)`]);
    report(`${name}: before ${earlier.toFixed(1)} ms, now`, current, `ms = ${(current / earlier).toFixed(3)}x before`, '<= 1.05x');
  }
} finally {
  for (const [cli, where] of stacks) {
    spawnSync(process.execPath, [cli, 'stop', '--no-backup'], { cwd: where.folder, env: where.env, stdio: 'ignore' });
    rmSync(where.folder, { recursive: true, force: true });
  }
  rmSync(home, { recursive: true, force: true });
}
