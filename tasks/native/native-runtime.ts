/**
 * The native runtime's database: one PostgreSQL 15 cluster per project, outside the project tree
 * (see native-paths.ts), listening on 127.0.0.1 at `[db] port`. These are the functions the
 * start / stop / status commands call; they report progress through callbacks and return plain
 * results, leaving printing, the journal and the state machine to the caller.
 *
 * A first start is all or nothing, like the original's: the cluster is created from the cached
 * template, bootstrapped, migrated and seeded, and only then marked ready. If any step fails (or
 * the command is killed), the half-made cluster is removed, now or at the next start.
 *
 * Environment (all optional): SUPABASE_NATIVE_HOME (where clusters live, see native-paths.ts),
 * SUPABASE_NATIVE_POSTGRES (`system`, `embedded` or a bin folder, see pg-binaries.ts),
 * SUPABASE_NATIVE_EXTENSION_DIRS (more extension folders, see pg-overlay.ts) and
 * SUPABASE_NATIVE_USER (the user the server runs as when we are root, see service-user.ts).
 */
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectConfig } from '../project/config.types.js';
import { CURRENT_BRANCH_PATH, inProject } from '../project/project-paths.js';
import { localDbUrl } from '../keys/status-values.js';
import { loadDriverSoon, withConnection } from '../db/connect.js';
import { listMigrations } from '../db/migration-files.js';
import { applyMigrations, type ApplyOptions, type MigrationRunResult } from '../db/migration-runner.js';
import { unrecorded, type StepRunner } from '../orchestration/step-runner.js';
import { applyCustomRoles, applySeed } from '../db/seed.js';
import { findPgBinaries, type PgBinaries } from './pg-binaries.js';
import { withMergedExtensions } from './pg-overlay.js';
import { clusterPaths, nativeHome, type ClusterPaths } from './native-paths.js';
import { serviceUser } from './service-user.js';
import { copyTemplate, ensureTemplate } from './cluster-template.js';
import { isProcessAlive, logTail, readPidFile, spawnServer, stopServer } from './pg-process.js';
import { PortInUseError, isPortInUse } from './port-check.js';
import { untilPostmasterReady, waitForConnection } from './readiness.js';
import { applyProjectSettings } from './project-settings.js';
import { withProjectLock } from './project-lock.js';
import { ensureVaultKey } from './vault-key.js';
import { exists } from '../fs-exists.js';
import { portAnswers } from '../net/port-answers.js';

/** What the runtime needs of a project. */
export interface NativeProject {
  /** The project root (the folder holding supabase/). */
  root: string;
  config: ProjectConfig;
}

/** Progress callbacks: `status` lines are progress (stdout without a TTY), `notice` lines go to stderr. */
export interface NativeReporter {
  status?: (message: string) => void;
  notice?: (message: string) => void;
}

export interface NativeOptions {
  reporter?: NativeReporter;
  /** Environment for binary lookup and paths (SUPABASE_NATIVE_*); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the server to accept connections; the original waits 120 s. */
  readyTimeoutMs?: number;
  /** The caller's operation: each part of a start is a step recorded before and after it. */
  step?: StepRunner;
  /** Told as each migration of a first start commits with its history row. */
  onApplied?: ApplyOptions['onApplied'];
  /** Told as soon as the server process exists, before it accepts connections (to start what runs beside it). */
  onServerSpawned?: (server: { pid: number; port: number }) => void;
}

export interface NativeStartResult {
  /** The cluster was already running; nothing was done. */
  alreadyRunning: boolean;
  /** The cluster was created now (bootstrap, migrations and seed ran). */
  fresh: boolean;
  dbUrl: string;
  port: number;
  pid: number;
  dataDir: string;
  logFile: string;
  binaries?: { source: PgBinaries['source']; binDir: string };
  /** Fresh starts only. */
  migrations?: MigrationRunResult;
  seeded?: boolean;
  durationMs: number;
}

export type NativeState = 'running' | 'stopped' | 'absent';

export interface NativeStatus {
  /** `absent`: no data (never started, or deleted); `stopped`: data kept, no server. */
  state: NativeState;
  /** Running and accepting connections. */
  healthy: boolean;
  pid?: number;
  port?: number;
  dbUrl?: string;
  dataDir: string;
  logFile: string;
}

/** Starts (creating on first use) the project's database. */
export async function start(project: NativeProject, options: NativeOptions = {}): Promise<NativeStartResult> {
  const began = Date.now();
  const { config } = project;
  const env = options.env ?? process.env;
  if (config.db.major_version !== 15) {
    // Config validation has already refused anything but 13, 14 and 15. Many real projects still
    // say 14 (hosted projects have since moved to 15, and SQL written for 14 runs on 15), so
    // refusing them would stop them starting unchanged; say what runs instead.
    options.reporter?.notice?.(
      `[db] major_version is ${config.db.major_version} in supabase/config.toml, but the native runtime runs PostgreSQL 15; ` +
        'set major_version = 15 to match, or run the stack on Docker with SUPABASE_RUNTIME=docker.',
    );
  }
  const paths = clusterPaths(config.project_id, env);
  await mkdir(paths.root, { recursive: true, mode: 0o755 });
  return withProjectLock(paths.lockDir, config.project_id, async () => {
    const port = config.db.port;
    const running = await runningServer(paths);
    if (running) {
      return { alreadyRunning: true, fresh: false, dbUrl: urlFor(config, running.port), port: running.port, pid: running.pid, dataDir: paths.dataDir, logFile: paths.logFile, durationMs: Date.now() - began };
    }
    const fresh = !(await exists(paths.readyMarker)) || !(await exists(path.join(paths.dataDir, 'PG_VERSION')));
    options.reporter?.status?.(fresh ? 'Starting database...' : 'Starting database from backup...');
    const home = nativeHome(env);
    // Independent checks, asked at once: the server's launch waits on all of them.
    const [, bins, runAs] = await Promise.all([
      assertPortFree(port, env),
      findPgBinaries(env).then((found) => withMergedExtensions(found, home, env, (message) => options.reporter?.notice?.(message))),
      serviceUser(env),
    ]);
    const step = options.step ?? unrecorded;
    if (fresh) {
      await step('copy the database template', async () => {
        // Leftovers of a first start that failed or was killed are not worth keeping.
        await stopServer(paths.dataDir).catch(() => undefined);
        await rm(paths.dataDir, { recursive: true, force: true });
        await copyTemplate(await ensureTemplate(bins, runAs, home), paths.dataDir);
      });
    }
    await ensureVaultKey(paths.dataDir, runAs);
    const server = await step('start the database server', async () => {
      const spawned = await spawnServer(bins, paths.dataDir, port, paths.logFile, runAs);
      await writeFile(paths.serverRecord, `${JSON.stringify({ pid: spawned.pid, port })}\n`);
      options.onServerSpawned?.({ pid: spawned.pid, port });
      loadDriverSoon();
      const died = spawned.exited.then(async (code) => `exit code ${code}\n${await logTail(paths.logFile)}`);
      try {
        const timeoutMs = options.readyTimeoutMs ?? 120_000;
        // Its word in postmaster.pid is pg_ctl's test, and enough: a login to check it again would
        // cost a server process and an authentication on the way of every start. Only a server that
        // died or never said it is tried, for the error to say why.
        if (!(await untilPostmasterReady(paths.dataDir, spawned.pid, { died, timeoutMs }))) await waitForConnection({ port }, { died, timeoutMs });
      } catch (err) {
        await stopServer(paths.dataDir).catch(() => undefined);
        if (/could not bind|Address already in use/i.test(await logTail(paths.logFile, 5))) {
          throw new PortInUseError(port, '[db] port');
        }
        throw err;
      }
      return spawned;
    });
    const result: NativeStartResult = {
      alreadyRunning: false,
      fresh,
      dbUrl: urlFor(config, port),
      port,
      pid: server.pid,
      dataDir: paths.dataDir,
      logFile: paths.logFile,
      binaries: { source: bins.source, binDir: bins.binDir },
      durationMs: 0,
    };
    if (fresh) {
      try {
        Object.assign(result, await setUpFresh(project, port, options));
      } catch (err) {
        await stopServer(paths.dataDir).catch(() => undefined);
        await rm(paths.dataDir, { recursive: true, force: true });
        throw err;
      }
      await step('mark the database ready', () =>
        writeFile(paths.readyMarker, `${JSON.stringify({ createdAt: new Date().toISOString(), binaries: result.binaries }, null, 2)}\n`),
      );
    }
    await ensureCurrentBranch(project.root);
    result.durationMs = Date.now() - began;
    return result;
  });
}

/** Project settings, custom roles, migrations and seed on a cluster created just now, a step each. */
async function setUpFresh(project: NativeProject, port: number, options: NativeOptions): Promise<Pick<NativeStartResult, 'migrations' | 'seeded'>> {
  const notice = (message: string): void => options.reporter?.notice?.(message);
  const step = options.step ?? unrecorded;
  options.reporter?.status?.('Setting up initial schema...');
  return withConnection({ port }, async (client) => {
    await step('apply project settings', () => applyProjectSettings(client, project.config));
    await step('create custom roles', () => applyCustomRoles(client, project.root, notice));
    const listing = await listMigrations(project.root);
    for (const skipped of listing.skipped) notice(skipped.notice);
    const migrations = await applyMigrations(client, listing.migrations, notice, { step, onApplied: options.onApplied });
    if (migrations.failed) throw migrations.failed.error;
    const seeded = await step('seed', () => applySeed(client, project.root, notice));
    return { migrations, seeded };
  });
}

/**
 * Stops the project's server, keeping its data. Returns whether one was running. The server is
 * found by postmaster.pid, by the pid recorded at its launch, and by `recorded` (the pid the
 * journal knows), each checked to be a server of this data folder: deleted under a running
 * server, the folder takes postmaster.pid along, and the server would hold its port for ever.
 */
export async function stop(projectId: string, options: NativeOptions & { recorded?: readonly number[] } = {}): Promise<{ wasRunning: boolean }> {
  const paths = clusterPaths(projectId, options.env ?? process.env);
  const recorded = [...(options.recorded ?? [])];
  if (!(await exists(paths.root))) {
    // Nothing left to lock: only a server the journal recorded can still be running.
    return { wasRunning: await stopServer(paths.dataDir, undefined, recorded) };
  }
  return withProjectLock(paths.lockDir, projectId, async () => {
    const wasRunning = await stopServer(paths.dataDir, undefined, [...recorded, ...(await recordedServer(paths))]);
    await rm(paths.serverRecord, { force: true });
    return { wasRunning };
  });
}

/** The pid recorded at the server's last launch (none when unreadable). */
async function recordedServer(paths: ClusterPaths): Promise<number[]> {
  try {
    const { pid } = JSON.parse(await readFile(paths.serverRecord, 'utf8')) as { pid?: unknown };
    return typeof pid === 'number' ? [pid] : [];
  } catch {
    return [];
  }
}

/**
 * Where the project's cluster stands. `healthy` is the server's own word (postmaster.pid says
 * `ready` once it accepts connections) plus its port answering: no login, so `status` stays fast.
 */
export async function status(projectId: string, config?: Pick<ProjectConfig, 'db'>, options: NativeOptions = {}): Promise<NativeStatus> {
  const paths = clusterPaths(projectId, options.env ?? process.env);
  const base = { dataDir: paths.dataDir, logFile: paths.logFile };
  if (!(await exists(paths.readyMarker))) return { ...base, state: 'absent', healthy: false };
  const running = await runningServer(paths);
  if (!running) return { ...base, state: 'stopped', healthy: false };
  const healthy = running.status === 'ready' && (await portAnswers('127.0.0.1', running.port, 1_000));
  return { ...base, state: 'running', healthy, pid: running.pid, port: running.port, dbUrl: config ? urlFor(config, running.port) : undefined };
}

/** Stops the server and deletes all of the project's local data. Returns whether data existed. */
export async function destroyData(projectId: string, options: NativeOptions = {}): Promise<{ removed: boolean }> {
  const paths = clusterPaths(projectId, options.env ?? process.env);
  if (!(await exists(paths.root))) return { removed: false };
  await withProjectLock(paths.lockDir, projectId, async () => {
    await stopServer(paths.dataDir, undefined, await recordedServer(paths));
    // Everything but the lock we hold; the folder itself goes once the lock is released.
    for (const name of await readdir(paths.root)) {
      if (path.join(paths.root, name) !== paths.lockDir) await rm(path.join(paths.root, name), { recursive: true, force: true });
    }
  });
  // Fails harmlessly if another command started using the folder in the meantime.
  await rmdir(paths.root).catch(() => undefined);
  return { removed: true };
}

/** The functions above as one object, for callers that pick a runtime at run time. */
export const nativeRuntime = { start, stop, status, destroyData };

async function runningServer(paths: ClusterPaths): Promise<{ pid: number; port: number; status: string } | undefined> {
  const pidFile = await readPidFile(paths.dataDir);
  if (!pidFile || !(await isProcessAlive(pidFile.pid))) return undefined;
  return { pid: pidFile.pid, port: pidFile.port, status: pidFile.status };
}

/** Fails with one clear message when `[db] port` is taken, naming a native project that holds it. */
async function assertPortFree(port: number, env: NodeJS.ProcessEnv): Promise<void> {
  if (!(await isPortInUse(port))) return;
  throw new PortInUseError(port, '[db] port', await nativeProjectOnPort(port, env));
}

async function nativeProjectOnPort(port: number, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  for (const name of await readdir(nativeHome(env)).catch(() => [] as string[])) {
    if (name.startsWith('.')) continue;
    const pidFile = await readPidFile(path.join(nativeHome(env), name, 'data'));
    if (pidFile?.port === port && (await isProcessAlive(pidFile.pid))) return name;
  }
  return undefined;
}

/** The server listens on 127.0.0.1 whatever DOCKER_HOST says (that host is for the docker runtime). */
function urlFor(config: Pick<ProjectConfig, 'db'>, port: number): string {
  return localDbUrl({ hostname: '127.0.0.1', db: { ...config.db, port } });
}

/** supabase/.branches/_current_branch holds `main` after a start, as in the original. */
async function ensureCurrentBranch(root: string): Promise<void> {
  const file = inProject(root, CURRENT_BRANCH_PATH);
  if (await exists(file)) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'main');
}


/** Reads the ready marker of a project (when and with which binaries it was created). */
export async function readyInfo(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<unknown> {
  return JSON.parse(await readFile(clusterPaths(projectId, env).readyMarker, 'utf8')) as unknown;
}
