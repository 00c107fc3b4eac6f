/**
 * `supabase start` on a stopped native project (data kept) next to its floor: a bare
 * `pg_ctl start -w` of the same cluster, with the same port and server options, as the same
 * user. Measured interleaved (each round: ours, then the floor, each followed by its stop),
 * medians of 7 after one warm-up round. Budget: within 3x of the floor (#23). With BENCH_BEFORE
 * (a built copy of an earlier commit) its `start` is measured in the same rounds.
 *
 * Needs a build (`npm run build`): it runs bin/supabase.js as users do.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findPgBinaries } from '../tasks/native/pg-binaries.js';
import { withMergedExtensions } from '../tasks/native/pg-overlay.js';
import { preloadOptions } from '../tasks/native/preload.js';
import { serviceUser } from '../tasks/native/service-user.js';
import { clusterPaths } from '../tasks/native/native-paths.js';
import { beforeRoot, interleaved, reportRatios } from './measure.js';
import { withPortsAround } from './project-ports.js';

const RUNS = 7;
const PORT = 56622;
const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const beforeBin = beforeRoot && path.join(beforeRoot, 'bin', 'supabase.js');
const home = mkdtempSync(path.join(tmpdir(), 'bench-restart-home-'));
chmodSync(home, 0o755);
const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
const folder = mkdtempSync(path.join(tmpdir(), 'bench-restart-'));

function timed(command: string, args: string[], options: { uid?: number; gid?: number; cwd?: string } = {}): number {
  const began = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: folder, env, stdio: ['ignore', 'ignore', 'pipe'], ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return Number(process.hrtime.bigint() - began) / 1e6;
}

timed(process.execPath, [bin, 'init']);
const config = path.join(folder, 'supabase', 'config.toml');
writeFileSync(config, withPortsAround(readFileSync(config, 'utf8'), PORT));
env.SUPABASE_PG_META_PORT = String(PORT + 10);

try {
  timed(process.execPath, [bin, 'start']);
  timed(process.execPath, [bin, 'stop']);
  const bins = await withMergedExtensions(await findPgBinaries(env), home);
  const runAs = await serviceUser(env);
  const user = runAs ? { uid: runAs.uid, gid: runAs.gid, cwd: '/' } : {};
  const projectId = /^project_id = "(.*)"$/m.exec(readFileSync(config, 'utf8'))?.[1] ?? path.basename(folder);
  const { dataDir } = clusterPaths(projectId, env);
  const pgCtl = path.join(bins.binDir, 'pg_ctl');
  const serverOptions = ['-p', String(PORT), ...(await preloadOptions(bins))].join(' ');
  // Inside the data folder: the one place the server's user can surely write.
  const floorLog = path.join(dataDir, 'floor.log');
  const ours = (cli: string) => () => {
    const ms = timed(process.execPath, [cli, 'start']);
    timed(process.execPath, [bin, 'stop']);
    return ms;
  };
  const samples = interleaved(RUNS, {
    'pg_ctl start -w': () => {
      const ms = timed(pgCtl, ['start', '-w', '-s', '-D', dataDir, '-l', floorLog, '-o', serverOptions], user);
      timed(pgCtl, ['stop', '-s', '-m', 'fast', '-D', dataDir], user);
      return ms;
    },
    'supabase start (data kept)': ours(bin),
    ...(beforeBin ? { 'supabase start (data kept, before)': ours(beforeBin) } : {}),
  });
  reportRatios('pg_ctl start -w', samples, 'ms', { 'supabase start (data kept)': '<= 3x' });
} finally {
  spawnSync(process.execPath, [bin, 'stop', '--no-backup'], { cwd: folder, env, stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
}
