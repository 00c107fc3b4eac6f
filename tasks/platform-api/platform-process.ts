/**
 * Runs the local platform API as a detached process (sidecar-process.ts). Its pid, log, settings
 * and sessions sit in the project's native folder (platform-paths.ts).
 */
import { get as httpGet } from 'node:http';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { ProjectConfig } from '../project/config.types.js';
import { isPortInUse } from '../native/port-check.js';
import { logSize, logTail, readSidecarRecord, isSidecar, sleep, spawnSidecar, stopSidecar, type SidecarRecord } from '../native/sidecar-process.js';
import { TaskError } from '../task-error.js';
import { platformPaths } from './platform-paths.js';
import { HEALTH_SERVICE } from './platform-server.js';
import { settingsFromConfig, writeSettings } from './platform-settings.js';

/** Options of startPlatformApi. */
export interface StartPlatformOptions {
  /** The project folder; accepted for symmetry with the native runtime, the files live in the native home. */
  root?: string;
  config: ProjectConfig;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the server to answer. */
  timeoutMs?: number;
}

/** A running platform API. */
export interface PlatformApiHandle {
  url: string;
  pid: number;
}

/** What platformApiStatus finds: `unresponsive` is our process alive but not answering. */
export interface PlatformApiStatus {
  state: 'running' | 'unresponsive' | 'stopped';
  pid?: number;
  url?: string;
}

interface PidRecord extends SidecarRecord {
  url: string;
}

/** The marker in the server's command line (its entry file's name). */
const ENTRY = 'platform-server-main';

function portInUse(port: number): TaskError {
  return new TaskError(
    `failed to start the local platform API: port ${port} is already in use (set by [studio] port in supabase/config.toml)`,
    `Stop the program listening on port ${port}, or configure a different [studio] port in supabase/config.toml`,
  );
}

const readPidRecord = (file: string) => readSidecarRecord<PidRecord>(file, (record) => typeof record.url === 'string');

/**
 * Whether the server at `url` answers as the platform API of `projectId`. node:http rather than
 * fetch: `status` asks this every time, and loading fetch's client costs more than the request.
 */
function answers(url: string, projectId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpGet(`${url}/health`, { timeout: 1000 }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          const body = JSON.parse(text) as { service?: string; project_id?: string };
          resolve(body.service === HEALTH_SERVICE && body.project_id === projectId);
        } catch {
          resolve(false);
        }
      });
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** The state of a project's platform API. */
export async function platformApiStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<PlatformApiStatus> {
  const record = await readPidRecord(platformPaths(projectId, env).pidFile);
  if (!record || !(await isSidecar(record.pid, ENTRY))) return { state: 'stopped' };
  return { state: (await answers(record.url, projectId)) ? 'running' : 'unresponsive', pid: record.pid, url: record.url };
}

/** Stops a project's platform API (SIGTERM, then SIGKILL after 5 s); true when one was running. */
export async function stopPlatformApi(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return stopSidecar(platformPaths(projectId, env).pidFile, ENTRY);
}

/**
 * Starts the platform API of a project on its `[studio] port`, replacing one already running
 * (sessions are kept: they live in a file), and waits until it answers.
 */
export async function startPlatformApi(options: StartPlatformOptions): Promise<PlatformApiHandle> {
  const { config } = options;
  const env = options.env ?? process.env;
  const paths = platformPaths(config.project_id, env);
  await mkdir(paths.root, { recursive: true });
  await stopPlatformApi(config.project_id, env);
  const settings = settingsFromConfig(config, { env, sessionsFile: paths.sessionsFile });
  if (await isPortInUse(settings.port, settings.host)) throw portInUse(settings.port);
  await writeSettings(paths.settingsFile, settings);

  const logStart = await logSize(paths.logFile);
  const child = await spawnSidecar({ from: import.meta.url, entry: ENTRY, args: [paths.settingsFile], logFile: paths.logFile, cwd: paths.root, env });
  const { pid } = child;
  const url = `http://${settings.host}:${settings.port}`;
  await writeFile(paths.pidFile, `${JSON.stringify({ pid, url })}\n`, { mode: 0o600 });

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    if (await answers(url, config.project_id)) return { url, pid };
    if (child.exitCode() !== undefined) break;
    await sleep(100);
  }
  if (child.exitCode() === undefined) await stopPlatformApi(config.project_id, env);
  await rm(paths.pidFile, { force: true });
  const tail = await logTail(paths.logFile, logStart);
  if (/EADDRINUSE/.test(tail)) throw portInUse(settings.port);
  throw new TaskError(
    `failed to start the local platform API: ${child.exitCode() === undefined ? 'it did not answer in time' : `it exited with code ${child.exitCode()}`}`,
    `See ${paths.logFile}${tail ? `; its last lines:\n${tail}` : ''}`,
  );
}
