/**
 * `db reset` and `migration up` as a user runs them (whole CLI processes on the native runtime)
 * next to their floor on the same server: `createdb -T` of the same bootstrapped template, then
 * one `psql -1` given every file with `-f`. Measured interleaved, medians of 5, at 20 and at
 * 1,000 migrations, each measurement started on a quiet machine (measure.ts untilQuiet). Budget:
 * within 1.3x of the floor. Prints; never fails a build.
 * Beside the floor, the tools a user would pick instead for the same loop, on the same files (the
 * seed as a last migration, since neither has seeds), pinned in package.json: dbmate 2.36 (a Go
 * binary: the database dropped and made again from the same template, `dbmate up`) and
 * node-pg-migrate 9 (`dropdb`, `createdb -T`, `node-pg-migrate up`). The template is the one
 * `db reset` copies, so the migrations find the auth schema they use. `db reset` should take at
 * most 0.9x of the faster of the two. Where the environment sets NODE_EXTRA_CA_CERTS, `db reset` is
 * also measured with it unset (see below).
 * BENCH_BEFORE (see measure.ts) adds an earlier build, on a project and cluster of its own (two
 * builds sharing a cluster would rebuild each other's template when their bootstraps differ).
 *
 * Needs a build (`npm run build`): it runs bin/supabase.js as users do.
 * BENCH_RUNS (rounds, 5), BENCH_FILES (the migration counts, `20,1000`) and BENCH_FLOOR_PORT (the
 * first project's database port, 26522; each count takes the next 10, the earlier build 20 above)
 * narrow a run or move it away from another bench.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgTool } from '../tasks/db/dump-run.js';
import { TEMPLATE_DATABASE } from '../tasks/db/template-database.js';
import { beforeRoot, median, report, untilQuiet } from './measure.js';

/** A ratio line, to two decimals (the budgets sit at 0.9x and 1.3x). */
function ratio(name: string, value: number, budget?: string): void {
  console.log(`${name}: ${value.toFixed(2)}x${budget ? `  (budget: ${budget})` : ''}`);
}
import { withPortsAround } from './project-ports.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const COUNTS = (process.env.BENCH_FILES ?? '20,1000').split(',').map(Number);
const FIRST_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 26522);
const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const beforeBin = beforeRoot && join(beforeRoot, 'bin', 'supabase.js');
/**
 * Whether the earlier build leaves background work after a reset (its spare database), so that it
 * is waited for as ours is. A build that has it and is not waited for runs it under its own next
 * command and under the floor's: same code measured 4.85x against 3.05x the floor that way.
 */
const beforeSettles = beforeRoot !== undefined && existsSync(join(beforeRoot, 'dist', 'tasks', 'db', 'spare-database.js'));
const home = mkdtempSync(join(tmpdir(), 'bench-floor-home-'));
chmodSync(home, 0o755);
const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
const psql = await pgTool('psql');
const createdb = await pgTool('createdb');
const dropdb = await pgTool('dropdb');
const dbmate = fileURLToPath(new URL('../node_modules/.bin/dbmate', import.meta.url));
const nodePgMigrate = fileURLToPath(new URL('../node_modules/.bin/node-pg-migrate', import.meta.url));

function timed(command: string, args: string[], cwd?: string, extraEnv: NodeJS.ProcessEnv = {}, baseEnv: NodeJS.ProcessEnv = env): number {
  const began = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env: { ...baseEnv, ...extraEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - began) / 1e6;
}

const cliOf = (build: string, baseEnv = env) => (folder: string, ...args: string[]): number => timed(process.execPath, [build, ...args], folder, {}, baseEnv);
const cli = cliOf(bin);
// A machine that sets NODE_EXTRA_CA_CERTS (this one does, to the system's whole bundle) makes Node
// parse it at every start, some 30 ms: `db reset` is measured without it too, as most users run it.
const { NODE_EXTRA_CA_CERTS: extraCerts, ...withoutExtraCerts } = env;
const cliWithoutExtraCerts = cliOf(bin, withoutExtraCerts);

/**
 * One migration: a table with RLS and a policy, an index, a function and three rows (the shapes
 * real migrations have), so per-statement and per-file costs both show.
 */
function migrationText(i: number): string {
  return [
    `create table public.t${i} (id bigint generated always as identity primary key, owner uuid default auth.uid(), label text not null);`,
    `create index t${i}_label on public.t${i} (label);`,
    `alter table public.t${i} enable row level security;`,
    `create policy p${i} on public.t${i} using (owner = auth.uid());`,
    `create function public.f${i}() returns bigint language sql stable as $$ select count(*) from public.t${i} $$;`,
    `insert into public.t${i} (label) values ('a'), ('b'), ('c');`,
  ].join('\n');
}

function project(port: number, count: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  cli(folder, 'init');
  const config = join(folder, 'supabase', 'config.toml');
  writeFileSync(config, withPortsAround(readFileSync(config, 'utf8'), port));
  const migrations = join(folder, 'supabase', 'migrations');
  mkdirSync(migrations);
  for (let i = 1; i <= count; i++) writeFileSync(join(migrations, `2024${String(i).padStart(10, '0')}_m${i}.sql`), migrationText(i));
  writeFileSync(join(folder, 'supabase', 'seed.sql'), "create table public.seeded (n int);\ninsert into public.seeded select g from generate_series(1, 1000) g;\n");
  return folder;
}

function files(folder: string): string[] {
  const dir = join(folder, 'supabase', 'migrations');
  return readdirSync(dir).sort().map((name) => join(dir, name));
}

/**
 * The floor: a fresh copy of the template (timed only for a reset, which makes one too), then
 * every file in one psql transaction.
 */
function floor(url: (db: string) => string, paths: string[], timeCreate: boolean): number {
  spawnSync(psql, ['-X', '-q', '-d', url('template1'), '-c', 'DROP DATABASE IF EXISTS floor WITH (FORCE)'], { env, stdio: 'ignore' });
  const create = timed(createdb, [`--maintenance-db=${url('template1')}`, '-T', TEMPLATE_DATABASE, 'floor']);
  const apply = timed(psql, ['-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', '-d', url('floor'), ...paths.flatMap((path) => ['-f', path])]);
  return (timeCreate ? create : 0) + apply;
}

/**
 * The peers' folders: each migration and then the seed, with the markers each tool reads (dbmate's
 * `-- migrate:up` and the down block it requires, empty; node-pg-migrate's `-- Up Migration`);
 * the file names keep their versions.
 */
function peerFolders(paths: string[], seed: string): { dbmate: string; nodePgMigrate: string } {
  const root = mkdtempSync(join(tmpdir(), 'bench-floor-peers-'));
  const folders = { dbmate: join(root, 'dbmate'), nodePgMigrate: join(root, 'node-pg-migrate') };
  mkdirSync(folders.dbmate);
  mkdirSync(folders.nodePgMigrate);
  const all = [...paths, seed];
  all.forEach((path) => {
    const name = path === seed ? `29999999999999_seed.sql` : path.slice(path.lastIndexOf('/') + 1);
    const text = readFileSync(path, 'utf8');
    writeFileSync(join(folders.dbmate, name), `-- migrate:up\n${text}\n-- migrate:down\n`);
    writeFileSync(join(folders.nodePgMigrate, name), `-- Up Migration\n${text}\n`);
  });
  return folders;
}

/**
 * dbmate as its users reset: drop, the database again (from the template), every migration up.
 * The drop is dropdb's forced one: the stack's own services may hold a session on any database,
 * which `dbmate drop` refuses to end.
 */
function viaDbmate(url: (db: string) => string, folder: string): number {
  const args = ['--url', `${url('peer_dbmate')}?sslmode=disable`, '--migrations-dir', folder, '--no-dump-schema'];
  return timed(dropdb, ['--if-exists', '--force', `--maintenance-db=${url('template1')}`, 'peer_dbmate'])
    + timed(createdb, [`--maintenance-db=${url('template1')}`, '-T', TEMPLATE_DATABASE, 'peer_dbmate'])
    + timed(dbmate, [...args, 'up']);
}

/** node-pg-migrate as its users reset: dropdb, createdb, every migration up. */
function viaNodePgMigrate(url: (db: string) => string, folder: string): number {
  return timed(dropdb, ['--if-exists', '--force', `--maintenance-db=${url('template1')}`, 'peer_npm'])
    + timed(createdb, [`--maintenance-db=${url('template1')}`, '-T', TEMPLATE_DATABASE, 'peer_npm'])
    + timed(process.execPath, [nodePgMigrate, 'up', '--migrations-dir', folder, '--database-url-var', 'PEER_DATABASE_URL', '--no-verbose', '--no-check-order'], undefined, { PEER_DATABASE_URL: url('peer_npm') });
}

/**
 * Waits until the background work a local reset leaves (the next spare copy of the template, the
 * old database dropped: tasks/db/spare-database.ts) is done, so it never runs under the next
 * measurement. Ours, and the earlier build's when it has that work (beforeSettles).
 */
function settled(url: (db: string) => string): void {
  const query = `select count(*) filter (where datname = '${TEMPLATE_DATABASE}_spare') = 1 and count(*) filter (where datname like '${TEMPLATE_DATABASE}\\_old\\_%') = 0 from pg_database`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const answer = spawnSync(psql, ['-X', '-Atq', '-d', url('template1'), '-c', query], { env, encoding: 'utf8' });
    if (answer.stdout.trim() === 't') return;
    spawnSync('sleep', ['0.05']);
  }
}

/** The figures of one build on its own project: db reset, and migration up with every file pending. */
function measureRound(run: (folder: string, ...args: string[]) => number, folder: string, into: { reset: number[]; up: number[] }, settle = () => undefined as void): void {
  untilQuiet();
  into.reset.push(run(folder, 'db', 'reset'));
  settle();
  // migration up with every file pending: reset with the folder parked, then bring it back.
  const migrations = join(folder, 'supabase', 'migrations');
  const parked = `${migrations}.parked`;
  renameSync(migrations, parked);
  mkdirSync(migrations);
  run(folder, 'db', 'reset');
  settle();
  rmSync(migrations, { recursive: true });
  renameSync(parked, migrations);
  untilQuiet();
  into.up.push(run(folder, 'migration', 'up'));
}

for (const [count, port] of COUNTS.map((count, index) => [count, FIRST_PORT + 10 * index] as const)) {
  const folder = project(port, count);
  const beforeFolder = beforeBin ? project(port + 20, count) : undefined;
  const urlOn = (at: number) => (db: string): string => `postgresql://postgres:postgres@127.0.0.1:${at}/${db}`;
  const url = urlOn(port);
  const beforeUrl = urlOn(port + 20);
  try {
    cli(folder, 'start');
    if (beforeBin && beforeFolder) cliOf(beforeBin)(beforeFolder, 'start');
    const paths = files(folder);
    const seed = join(folder, 'supabase', 'seed.sql');
    const now = { reset: [] as number[], up: [] as number[] };
    const before = { reset: [] as number[], up: [] as number[] };
    const resetFloor: number[] = [];
    const upFloor: number[] = [];
    const peers = peerFolders(paths, seed);
    const dbmateReset: number[] = [];
    const nodePgMigrateReset: number[] = [];
    const resetWithoutExtraCerts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      measureRound(cli, folder, now, () => settled(url));
      if (extraCerts) {
        untilQuiet();
        resetWithoutExtraCerts.push(cliWithoutExtraCerts(folder, 'db', 'reset'));
        settled(url);
      }
      if (beforeBin && beforeFolder) measureRound(cliOf(beforeBin), beforeFolder, before, beforeSettles ? () => settled(beforeUrl) : undefined);
      // Each after the machine is quiet again (measure.ts untilQuiet): what the command before it
      // left running (a REST schema reload, a spare database) is no part of its figure.
      untilQuiet();
      resetFloor.push(floor(url, [...paths, seed], true));
      untilQuiet();
      upFloor.push(floor(url, paths, false));
      untilQuiet();
      dbmateReset.push(viaDbmate(url, peers.dbmate));
      untilQuiet();
      nodePgMigrateReset.push(viaNodePgMigrate(url, peers.nodePgMigrate));
    }
    rmSync(join(peers.dbmate, '..'), { recursive: true, force: true });
    report(`db reset, ${count} migrations + seed`, median(now.reset), 'ms');
    report(`  floor: createdb -T + psql -1 -f (${count} files + seed)`, median(resetFloor), 'ms');
    ratio(`  db reset / floor`, median(now.reset) / median(resetFloor), '<= 1.3x');
    report(`  peer: dbmate 2.36 drop, create, up`, median(dbmateReset), 'ms');
    report(`  peer: node-pg-migrate 9 dropdb, createdb, up`, median(nodePgMigrateReset), 'ms');
    const fasterPeer = Math.min(median(dbmateReset), median(nodePgMigrateReset));
    ratio(`  db reset / the faster peer`, median(now.reset) / fasterPeer, '<= 0.9x');
    if (resetWithoutExtraCerts.length > 0) {
      report(`  db reset, NODE_EXTRA_CA_CERTS unset`, median(resetWithoutExtraCerts), 'ms');
      ratio(`  db reset (NODE_EXTRA_CA_CERTS unset) / the faster peer`, median(resetWithoutExtraCerts) / fasterPeer, '<= 0.9x');
    }
    if (before.reset.length > 0) ratio(`  db reset / floor (before)`, median(before.reset) / median(resetFloor));
    if (before.reset.length > 0) ratio(`  db reset / the faster peer (before)`, median(before.reset) / fasterPeer);
    report(`migration up, ${count} pending`, median(now.up), 'ms');
    report(`  floor: psql -1 -f (${count} files)`, median(upFloor), 'ms');
    ratio(`  migration up / floor`, median(now.up) / median(upFloor), '<= 1.3x');
    if (before.up.length > 0) ratio(`  migration up / floor (before)`, median(before.up) / median(upFloor));
  } finally {
    spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
    rmSync(folder, { recursive: true, force: true });
    if (beforeBin && beforeFolder) {
      spawnSync(process.execPath, [beforeBin, 'stop', '--no-backup'], { cwd: beforeFolder, env, stdio: 'ignore' });
      rmSync(beforeFolder, { recursive: true, force: true });
    }
  }
}
rmSync(home, { recursive: true, force: true });
