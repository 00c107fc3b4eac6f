/**
 * Native `supabase start` through the CLI: first start (initdb and bootstrap included, then 20
 * migrations and a seed), first start of another project once the machine's template exists,
 * and a start with data kept; plus the memory the database uses. Budgets: first < 3 s, again < 1 s.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { report } from './measure.js';
import { withPortsAround } from './project-ports.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'bench-native-home-'));
chmodSync(home, 0o755);
const env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };

function cli(folder: string, ...args: string[]): number {
  const began = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`supabase ${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - began) / 1e6;
}

/** A project with 20 migrations (tables, RLS, policies, functions) and a seed of 2,000 rows. */
function project(port: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-native-'));
  cli(folder, 'init');
  const config = join(folder, 'supabase', 'config.toml');
  // The native stack runs a process on the studio and inbucket ports too: they move along with the db port.
  writeFileSync(config, withPortsAround(readFileSync(config, 'utf8'), port));
  mkdirSync(join(folder, 'supabase', 'migrations'));
  for (let i = 1; i <= 20; i++) {
    writeFileSync(join(folder, 'supabase', 'migrations', `202401010000${String(i).padStart(2, '0')}_t${i}.sql`), [
      `create table public.t${i} (id bigint generated always as identity primary key, owner uuid default auth.uid(), body text);`,
      `alter table public.t${i} enable row level security;`,
      `create policy p${i} on public.t${i} using (owner = auth.uid());`,
      `create function public.f${i}() returns bigint language sql stable as $$ select count(*) from public.t${i} $$;`,
    ].join('\n'));
  }
  writeFileSync(join(folder, 'supabase', 'seed.sql'), Array.from({ length: 20 }, (_, i) => `insert into public.t${i + 1} (body) select 'row ' || g from generate_series(1, 100) g;`).join('\n'));
  return folder;
}

/** Resident memory of the project's postgres processes, in MiB. */
function databaseRss(): number {
  const pids = execFileSync('pgrep', ['-f', home], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  let kib = 0;
  for (const pid of pids) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) kib += Number(match[1]);
  }
  return kib / 1024;
}

const first = project(26422);
const second = project(26432);
try {
  report('first start, cold machine (initdb + bootstrap + 20 migrations + seed)', cli(first, 'start'), 'ms', '3000 ms');
  report('database memory (RSS of its processes)', databaseRss(), 'MiB');
  cli(first, 'stop');
  report('start again, data kept', cli(first, 'start'), 'ms', '1000 ms');
  report('first start of another project, template cached (20 migrations + seed)', cli(second, 'start'), 'ms', '3000 ms');
} finally {
  for (const folder of [first, second]) {
    spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
    rmSync(folder, { recursive: true, force: true });
  }
  rmSync(home, { recursive: true, force: true });
}
