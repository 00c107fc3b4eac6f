/**
 * `supabase start` on a stopped native project (data kept) next to its floor: a bare
 * `pg_ctl start -w` of the same cluster, with the same port and server options, as the same
 * user. Measured interleaved (each round: ours, then the floor, each followed by its stop),
 * medians of 7 after one warm-up round. Budget: within 3x of the floor (#23). Beside it the bare
 * floor #42 states the budget against: `pg_ctl start -w` of a cluster initdb made with default
 * settings (no preload libraries, no extensions), the least any local PostgreSQL costs. When the
 * environment sets NODE_EXTRA_CA_CERTS, start is measured with it unset as well (see below). Also
 * on a lived-in project, whose journal holds the record of 100 earlier `db reset` runs of 20
 * migrations (about 4,300 lines), as a project used for a while has. With BENCH_BEFORE (a built
 * copy of an earlier commit) its `start` is measured in the same rounds, on projects of its own.
 *
 * Beside each ratio, how busy the machine's processors were while the command ran (all of them,
 * over its wall time: the machine is quiet before each one, see untilQuiet): a start whose
 * processes keep every processor busy is bound by the CPU they need together, not by any wait, and
 * only doing less work (fewer or lighter processes) makes it faster.
 *
 * Needs a build (`npm run build`): it runs bin/supabase.js as users do.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBinaries } from '../tasks/native/pg-binaries.js';
import { withMergedExtensions } from '../tasks/native/pg-overlay.js';
import { preloadOptions } from '../tasks/native/preload.js';
import { serviceUser } from '../tasks/native/service-user.js';
import { clusterPaths } from '../tasks/native/native-paths.js';
import { beforeRoot, cpuJiffies, interleaved, median, reportRatios } from './measure.js';
import type { NewEvent } from '../machines/journal/journal-event.js';
import { JournalStore } from '../tasks/journal/journal-store.js';
import { withPortsAround } from './project-ports.js';

const RUNS = 7;
const PORT = 26622;
const LIVED_IN_PORT = 26642;
const BEFORE_PORT = 26662;
const BEFORE_LIVED_IN_PORT = 26682;
const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const beforeBin = beforeRoot && path.join(beforeRoot, 'bin', 'supabase.js');
const home = mkdtempSync(path.join(tmpdir(), 'bench-restart-home-'));
chmodSync(home, 0o755);
const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
const folder = mkdtempSync(path.join(tmpdir(), 'bench-restart-'));
const livedIn = mkdtempSync(path.join(tmpdir(), 'bench-restart-lived-in-'));
// The earlier build gets projects of its own: two builds sharing one would each find the other's
// replay cache (it names the machine code, which differs between builds) and replay in full.
const beforeFolder = beforeBin && mkdtempSync(path.join(tmpdir(), 'bench-restart-before-'));
const beforeLivedIn = beforeBin && mkdtempSync(path.join(tmpdir(), 'bench-restart-lived-in-before-'));

/** Per measurement, the processors' busy share while it ran (of all of them: 1 = every one busy). */
const busyShares: Record<string, number[]> = {};

type RunOptions = { uid?: number; gid?: number; cwd?: string; env?: NodeJS.ProcessEnv };

function timed(command: string, args: string[], options: RunOptions = {}, busyAs?: string): number {
  const cpu = cpuJiffies();
  const began = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'], ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  if (busyAs) {
    const after = cpuJiffies();
    (busyShares[busyAs] ??= []).push((after.busy - cpu.busy) / Math.max(1, after.total - cpu.total));
  }
  return ms;
}

/** A project made by `init` in `at`, its ports moved around `port`, started once and stopped (by `cli`). */
function project(at: string, port: number, history: NewEvent[] = [], cli = bin): string {
  timed(process.execPath, [cli, 'init'], { cwd: at });
  const file = path.join(at, 'supabase', 'config.toml');
  writeFileSync(file, withPortsAround(readFileSync(file, 'utf8'), port).replace(/^project_id = ".*"$/m, `project_id = "${path.basename(at)}"`));
  if (history.length > 0) JournalStore.forProject(at).append(history);
  timed(process.execPath, [cli, 'start'], { cwd: at });
  timed(process.execPath, [cli, 'stop'], { cwd: at });
  return file;
}

/** The journal lines of `runs` finished `db reset` runs of 20 migrations each. */
function resetHistory(runs: number): NewEvent[] {
  return Array.from({ length: runs }, (_, run) => {
    const id = `bench-${run}`;
    const files = Array.from({ length: 20 }, (_, index) => `20240101${String(index).padStart(6, '0')}_m${index}.sql`);
    return [
      { stream: 'operations', type: 'BEGIN', data: { id, command: 'supabase db reset', kind: 'db-reset', params: { target: 'local' } } },
      ...files.flatMap((file): NewEvent[] => [
        { stream: 'operations', type: 'STEP_BEGUN', data: { id, step: `apply ${file}` } },
        { stream: 'operations', type: 'STEP_DONE', data: { id, step: `apply ${file}` } },
      ]),
      { stream: 'operations', type: 'FINISHED', data: { id } },
    ];
  }).flat();
}

env.SUPABASE_PG_META_PORT = String(PORT + 10);

try {
  const config = project(folder, PORT);
  project(livedIn, LIVED_IN_PORT, resetHistory(100));
  if (beforeBin && beforeFolder && beforeLivedIn) {
    project(beforeFolder, BEFORE_PORT, [], beforeBin);
    project(beforeLivedIn, BEFORE_LIVED_IN_PORT, resetHistory(100), beforeBin);
  }
  const bins = await withMergedExtensions(await findPgBinaries(env), home);
  const runAs = await serviceUser(env);
  const user = runAs ? { uid: runAs.uid, gid: runAs.gid, cwd: '/' } : {};
  const projectId = /^project_id = "(.*)"$/m.exec(readFileSync(config, 'utf8'))?.[1] ?? path.basename(folder);
  const { dataDir } = clusterPaths(projectId, env);
  const pgCtl = path.join(bins.binDir, 'pg_ctl');
  const serverOptions = ['-p', String(PORT), ...(await preloadOptions(bins))].join(' ');
  // Inside the data folder: the one place the server's user can surely write.
  const floorLog = path.join(dataDir, 'floor.log');
  type Run = [command: string, args: string[], options?: RunOptions];
  /** The measurement `name`: `start` timed (its busy share kept under the same name), then `stop`, not timed. */
  const startThenStop = (name: string, start: Run, stop: Run) => ({
    [name]: () => {
      const ms = timed(start[0], start[1], start[2], name);
      timed(...stop);
      return ms;
    },
  });
  const ours = (name: string, cli: string, at = folder, startEnv = env) =>
    startThenStop(name, [process.execPath, [cli, 'start'], { cwd: at, env: startEnv }], [process.execPath, [cli, 'stop'], { cwd: at }]);
  const pgCtlStart = (name: string, dir: string, log: string, serverArgs: string) =>
    startThenStop(name, [pgCtl, ['start', '-w', '-s', '-D', dir, '-l', log, '-o', serverArgs], user], [pgCtl, ['stop', '-s', '-m', 'fast', '-D', dir], user]);
  // A machine that sets NODE_EXTRA_CA_CERTS (this one does, to the system's whole bundle) makes
  // Node 20 parse that file as every process starts, some 30 ms before the CLI's first line runs;
  // few users set it, so start is also measured as theirs runs, the variable unset.
  const { NODE_EXTRA_CA_CERTS: extraCerts, ...withoutExtraCerts } = env;
  // The bare cluster: initdb's defaults, owned by the same user, on a port of its own.
  const bareDir = path.join(home, 'bare-cluster');
  const initdb = path.join(bins.binDir, 'initdb');
  spawnSync('mkdir', ['-p', bareDir]);
  if (runAs) spawnSync('chown', [`${runAs.uid}:${runAs.gid}`, bareDir]);
  timed(initdb, ['-D', bareDir, '-A', 'trust', '-U', 'postgres', '--no-sync'], user);
  const bareLog = path.join(bareDir, 'floor.log');
  const samples = interleaved(RUNS, {
    ...pgCtlStart('pg_ctl start -w (default cluster)', bareDir, bareLog, `-p ${PORT + 5} -k ${bareDir}`),
    ...pgCtlStart('pg_ctl start -w', dataDir, floorLog, serverOptions),
    ...ours('supabase start (data kept)', bin),
    ...(extraCerts ? ours('supabase start (data kept, NODE_EXTRA_CA_CERTS unset)', bin, folder, withoutExtraCerts) : {}),
    ...(beforeBin && beforeFolder ? ours('supabase start (data kept, before)', beforeBin, beforeFolder) : {}),
    ...ours('supabase start (data kept, lived-in project)', bin, livedIn),
    ...(beforeBin && beforeLivedIn ? ours('supabase start (data kept, lived-in project, before)', beforeBin, beforeLivedIn) : {}),
  });
  reportRatios('pg_ctl start -w', samples, 'ms', { 'supabase start (data kept)': '<= 3x', 'supabase start (data kept, lived-in project)': '<= 3x' });
  console.log('');
  reportRatios('pg_ctl start -w (default cluster)', samples, 'ms', {
    'supabase start (data kept)': '<= 3x (#42)',
    'supabase start (data kept, NODE_EXTRA_CA_CERTS unset)': '<= 3x (#42)',
    'supabase start (data kept, lived-in project)': '<= 3x (#42)',
  });
  console.log('');
  const processors = availableParallelism();
  for (const [name, shares] of Object.entries(busyShares)) {
    // The warm-up round is left out, as in the timings.
    const share = median(shares.slice(1));
    console.log(`${name}: processors busy while it ran: ${(share * processors).toFixed(2)} of ${processors} (median of ${shares.length - 1})`);
  }
} finally {
  for (const at of [folder, livedIn, beforeFolder, beforeLivedIn].filter((at): at is string => Boolean(at))) {
    spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: at, env, stdio: 'ignore' });
    rmSync(at, { recursive: true, force: true });
  }
  rmSync(home, { recursive: true, force: true });
}
