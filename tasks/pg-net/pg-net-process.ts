/**
 * Starts and stops a project's pg_net worker (pg-net-worker.ts), a supervised process beside the
 * native cluster (native/supervised-process.ts). It runs only when the cluster offers our pg_net
 * (native-extensions/pg_net), and it answers when its session shows in the server's
 * pg_stat_activity: a worker left from an earlier server has no session there and is replaced. One
 * launched here says so itself once connected (native/ready-signal.ts), and is not polled.
 */
import type pg from 'pg';
import { withConnection } from '../db/connect.js';
import { clusterPaths } from '../native/native-paths.js';
import { LOCAL_PASSWORD, readPidFile } from '../native/pg-process.js';
import { baseChildEnv, nodeEntry, serviceExited, serviceFiles, serviceStatus, spawnService, stopService, untilAnswering, type LaunchedService, type ServiceKind } from '../native/supervised-process.js';
import { NO_PG_NET_EXIT_CODE, WORKER_APPLICATION_NAME, offersOurPgNet, type WorkerSettings } from './pg-net-settings.js';

const ENTRY = 'pg-net-worker-main';

const KIND: ServiceKind = { title: 'the pg_net worker', marker: ENTRY, answers: workerConnected };

/** The worker's "url": the server it serves (no password: that travels in PGPASSWORD). */
const serverUrl = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;

/** The worker's pid record and log in the project's native folder. */
export const pgNetWorkerFiles = (projectId: string, env: NodeJS.ProcessEnv = process.env) => serviceFiles(projectId, 'pg-net-worker', env);

/** Options of ensurePgNetWorker. */
export interface PgNetWorkerOptions {
  projectId: string;
  /** The port the cluster listens on. */
  port: number;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the worker's first connection. */
  timeoutMs?: number;
}

/**
 * Whether the project's worker process runs (connected or not), its pid and log, and whether it
 * died after its launch (`exited`: nothing stopped it, so the server's requests wait unsent).
 */
export async function pgNetWorkerStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<{ running: boolean; exited: boolean; pid?: number; logFile: string }> {
  const files = pgNetWorkerFiles(projectId, env);
  const status = await serviceStatus(files, KIND);
  return { running: status.state !== 'stopped', exited: status.exited === true, pid: status.pid, logFile: files.logFile };
}

/**
 * Whether the project's worker died after its launch, and its log: what `start` and `status` ask
 * beside a running server. Unlike pgNetWorkerStatus it opens no database session to see whether
 * the worker is connected (some 30 ms of every start).
 */
export async function pgNetWorkerExited(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<{ exited: boolean; logFile: string }> {
  const files = pgNetWorkerFiles(projectId, env);
  return { exited: await serviceExited(files, KIND), logFile: files.logFile };
}

/** Stops the project's worker; true when one was running. */
export async function stopPgNetWorker(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  // Async so a refused project id rejects like the other stops run beside it, never throws past them.
  return stopService(pgNetWorkerFiles(projectId, env), KIND);
}

/** Options of launchPgNetWorker: the server just spawned. */
export interface PgNetLaunchOptions {
  projectId: string;
  port: number;
  /** The server's process, which the worker serves until it is gone. */
  postmasterPid: number;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

/**
 * Launches the worker beside a server that may still be starting, without waiting: it connects
 * once the server accepts connections, and ends by itself if the server offers no pg_net of ours.
 * ensurePgNetWorker, given the launch, then waits for it.
 */
export function launchPgNetWorker(options: PgNetLaunchOptions): Promise<LaunchedService> {
  const env = options.env ?? process.env;
  const { dataDir } = clusterPaths(options.projectId, env);
  const settings: WorkerSettings = { host: '127.0.0.1', port: options.port, user: 'postgres', dataDir, postmasterPid: options.postmasterPid };
  return spawnService(pgNetWorkerFiles(options.projectId, env), KIND, {
    args: nodeEntry(`tasks/pg-net/${ENTRY}`, [JSON.stringify(settings)]),
    env: { ...baseChildEnv(env), PGPASSWORD: LOCAL_PASSWORD },
    url: serverUrl(options.port),
    ports: [],
    timeoutMs: options.timeoutMs,
    // Its word once connected, instead of a look at pg_stat_activity every 20 ms while it loads.
    readySignal: true,
  });
}

/**
 * Makes sure the running cluster of a project has its worker, when the cluster offers our pg_net:
 * waits for the one `launched` beside the server, keeps one already serving this server, or else
 * starts one and waits for its first connection. Returns its pid, or undefined when pg_net is not
 * available (then no worker runs).
 */
export async function ensurePgNetWorker(options: PgNetWorkerOptions & { launched?: Promise<LaunchedService> }): Promise<{ pid: number; started: boolean } | undefined> {
  const env = options.env ?? process.env;
  const files = pgNetWorkerFiles(options.projectId, env);
  if (options.launched) return awaitLaunched(files, await options.launched);
  const postmaster = await readPidFile(clusterPaths(options.projectId, env).dataDir);
  // One connection asks whether pg_net is ours and then watches for the worker's session: a
  // login per look would cost more than the look, while the worker itself is loading.
  const worker = postmaster && (await withConnection({ port: options.port }, async (client) => {
    if (!(await offersOurPgNet(client))) return undefined;
    const watching: ServiceKind = { ...KIND, answers: () => hasWorkerSession(client) };
    const status = await serviceStatus(files, KIND);
    if (status.state === 'running' && status.url === serverUrl(options.port) && status.pid) return { pid: status.pid, started: false };
    const launched = await launchPgNetWorker({ ...options, postmasterPid: postmaster.pid });
    await untilAnswering(files, watching, launched);
    return { pid: launched.pid, started: true };
  }));
  if (worker) return worker;
  await stopPgNetWorker(options.projectId, env);
  return undefined;
}

/**
 * The worker launched beside the server, taken at its word: it says once it serves, and exits
 * with NO_PG_NET_EXIT_CODE when the server offers no pg_net of ours. So `start` opens no session
 * of its own to ask the server either (a server process and a SCRAM login on its way to a started
 * stack); a worker that fails otherwise is reported with its log, as any service.
 */
async function awaitLaunched(files: ReturnType<typeof pgNetWorkerFiles>, launched: LaunchedService): Promise<{ pid: number; started: boolean } | undefined> {
  try {
    await untilAnswering(files, KIND, launched);
    return { pid: launched.pid, started: true };
  } catch (error) {
    // untilAnswering has already removed the record of a worker that exited.
    if (launched.exitCode() !== NO_PG_NET_EXIT_CODE) throw error;
    return undefined;
  }
}

/** Whether a worker session is connected to the server of `url`. */
async function workerConnected(url: string): Promise<boolean> {
  try {
    return await withConnection({ port: Number(new URL(url).port), connectTimeoutMs: 1000 }, hasWorkerSession);
  } catch {
    return false;
  }
}

/** Whether the server `client` is connected to has a worker session. */
async function hasWorkerSession(client: pg.Client): Promise<boolean> {
  const result = await client.query('select 1 from pg_stat_activity where application_name = $1', [WORKER_APPLICATION_NAME]);
  return (result.rowCount ?? 0) > 0;
}
