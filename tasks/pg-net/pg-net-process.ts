/**
 * Starts and stops a project's pg_net worker (pg-net-worker.ts), a detached process beside the
 * native cluster (sidecar-process.ts). It runs only when the cluster offers our pg_net (the
 * native-extensions folder is installed for it), one per running server: a worker records the
 * postmaster it serves, and a server started again gets a new worker.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { withConnection } from '../db/connect.js';
import { clusterPaths } from '../native/native-paths.js';
import { LOCAL_PASSWORD, readPidFile } from '../native/pg-process.js';
import { isSidecar, logSize, logTail, readSidecarRecord, sleep, spawnSidecar, stopSidecar, type SidecarRecord } from '../native/sidecar-process.js';
import { TaskError } from '../task-error.js';
import { WORKER_APPLICATION_NAME, type WorkerSettings } from './pg-net-settings.js';

/** The entry file's name, also how the process is recognised. */
const ENTRY = 'pg-net-worker-main';

/** Words of our control file's comment that tell our pg_net from the platform's build. */
export const NATIVE_PG_NET_MARK = 'native runtime implementation';

interface WorkerRecord extends SidecarRecord {
  postmasterPid: number;
}

/** The worker's files in the project's native folder. */
export function pgNetWorkerPaths(projectId: string, env: NodeJS.ProcessEnv = process.env): { root: string; pidFile: string; logFile: string; dataDir: string } {
  const { root, dataDir } = clusterPaths(projectId, env);
  return { root, dataDir, pidFile: path.join(root, 'pg-net-worker.pid.json'), logFile: path.join(root, 'pg-net-worker.log') };
}

/** Options of ensurePgNetWorker. */
export interface PgNetWorkerOptions {
  projectId: string;
  /** The port the cluster listens on. */
  port: number;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the worker's first connection. */
  timeoutMs?: number;
}

/** Whether the project's worker is running (for the server it was started for or not). */
export async function pgNetWorkerStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<{ running: boolean; pid?: number; logFile: string }> {
  const paths = pgNetWorkerPaths(projectId, env);
  const record = await readSidecarRecord<WorkerRecord>(paths.pidFile);
  const running = record !== undefined && (await isSidecar(record.pid, ENTRY));
  return { running, pid: running ? record.pid : undefined, logFile: paths.logFile };
}

/** Stops the project's worker; true when one was running. */
export async function stopPgNetWorker(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return stopSidecar(pgNetWorkerPaths(projectId, env).pidFile, ENTRY);
}

/**
 * Makes sure the running cluster of a project has its worker, when the cluster offers our pg_net:
 * keeps one already serving this server, else starts one and waits for its first connection.
 * Returns its pid, or undefined when pg_net is not available (then no worker runs).
 */
export async function ensurePgNetWorker(options: PgNetWorkerOptions): Promise<{ pid: number; started: boolean } | undefined> {
  const env = options.env ?? process.env;
  const paths = pgNetWorkerPaths(options.projectId, env);
  const postmaster = await readPidFile(paths.dataDir);
  if (!postmaster) return undefined;
  // One connection answers whether pg_net is offered and then watches for the worker's arrival.
  return withConnection({ port: options.port }, async (client) => {
    if (!(await offersPgNet(client))) {
      await stopPgNetWorker(options.projectId, env);
      return undefined;
    }
    const record = await readSidecarRecord<WorkerRecord>(paths.pidFile, (r) => typeof r.postmasterPid === 'number');
    if (record && record.postmasterPid === postmaster.pid && (await isSidecar(record.pid, ENTRY))) return { pid: record.pid, started: false };
    await stopPgNetWorker(options.projectId, env);

    await mkdir(paths.root, { recursive: true });
    const settings: WorkerSettings = { host: '127.0.0.1', port: options.port, user: 'postgres', dataDir: paths.dataDir, postmasterPid: postmaster.pid };
    const logStart = await logSize(paths.logFile);
    const child = await spawnSidecar({
      from: import.meta.url,
      entry: ENTRY,
      args: [JSON.stringify(settings)],
      logFile: paths.logFile,
      cwd: paths.root,
      env,
      extraEnv: { PGPASSWORD: LOCAL_PASSWORD },
    });
    await writeFile(paths.pidFile, `${JSON.stringify({ pid: child.pid, postmasterPid: postmaster.pid })}\n`, { mode: 0o600 });

    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    while (Date.now() < deadline && child.exitCode() === undefined) {
      if (await workerConnected(client)) return { pid: child.pid, started: true };
      await sleep(25);
    }
    if (child.exitCode() === undefined) await stopPgNetWorker(options.projectId, env);
    const tail = await logTail(paths.logFile, logStart);
    throw new TaskError(
      `failed to start the pg_net worker: ${child.exitCode() === undefined ? 'it did not connect in time' : `it exited with code ${child.exitCode()}`}`,
      `See ${paths.logFile}${tail ? `; its last lines:\n${tail}` : ''}`,
    );
  });
}

async function offersPgNet(client: pg.Client): Promise<boolean> {
  const result = await client.query("select 1 from pg_available_extensions where name = 'pg_net' and comment like $1", [`%${NATIVE_PG_NET_MARK}%`]);
  return (result.rowCount ?? 0) > 0;
}

async function workerConnected(client: pg.Client): Promise<boolean> {
  return ((await client.query('select 1 from pg_stat_activity where application_name = $1', [WORKER_APPLICATION_NAME])).rowCount ?? 0) > 0;
}
