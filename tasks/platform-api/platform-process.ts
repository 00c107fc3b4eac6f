/**
 * Runs the local platform API as a detached process: `supabase start` exits while the stack
 * keeps running, so the server cannot live in the CLI's own process. Its pid, log, settings and
 * sessions sit in the project's native folder (platform-paths.ts).
 */
import { spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProjectConfig } from '../project/config.types.js';
import { isPortInUse } from '../native/port-check.js';
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

interface PidRecord {
  pid: number;
  url: string;
}

/**
 * The command that runs the server entry beside this module: the compiled .js in dist/, or the
 * .ts source through tsx when this module itself was loaded from source (tests, development).
 */
function serverArgs(settingsFile: string): string[] {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const entry = path.join(path.dirname(here), `platform-server-main${extension}`);
  if (extension !== '.ts') return [entry, settingsFile];
  // Resolved from here, not from the child's cwd (the native folder), where no tsx is installed.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, entry, settingsFile];
}

function portInUse(port: number): TaskError {
  return new TaskError(
    `failed to start the local platform API: port ${port} is already in use (set by [studio] port in supabase/config.toml)`,
    `Stop the program listening on port ${port}, or configure a different [studio] port in supabase/config.toml`,
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a pid is our server; after a reboot the recorded pid may belong to anything. */
async function isOurServer(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('platform-server-main');
  } catch {
    // No /proc (macOS): the liveness check is all there is.
    return process.platform !== 'linux';
  }
}

async function readPidRecord(file: string): Promise<PidRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Partial<PidRecord>;
    return typeof record.pid === 'number' && typeof record.url === 'string' ? { pid: record.pid, url: record.url } : undefined;
  } catch {
    return undefined;
  }
}

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last lines this launch wrote (the log is shared with earlier launches). */
async function logTail(file: string, from: number): Promise<string> {
  const text = (await readFile(file).catch(() => Buffer.alloc(0))).subarray(from).toString('utf8');
  return text.split('\n').filter(Boolean).slice(-5).join('\n');
}

/** The state of a project's platform API. */
export async function platformApiStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<PlatformApiStatus> {
  const record = await readPidRecord(platformPaths(projectId, env).pidFile);
  if (!record || !(await isOurServer(record.pid))) return { state: 'stopped' };
  return { state: (await answers(record.url, projectId)) ? 'running' : 'unresponsive', pid: record.pid, url: record.url };
}

/** Stops a project's platform API (SIGTERM, then SIGKILL after 5 s); true when one was running. */
export async function stopPlatformApi(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const paths = platformPaths(projectId, env);
  const record = await readPidRecord(paths.pidFile);
  let stopped = false;
  if (record && (await isOurServer(record.pid))) {
    process.kill(record.pid, 'SIGTERM');
    for (let waited = 0; waited < 5000 && isAlive(record.pid) && (await isOurServer(record.pid)); waited += 50) await sleep(50);
    if (await isOurServer(record.pid)) process.kill(record.pid, 'SIGKILL');
    stopped = true;
  }
  await rm(paths.pidFile, { force: true });
  return stopped;
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

  const logStart = (await stat(paths.logFile).catch(() => undefined))?.size ?? 0;
  const log = await open(paths.logFile, 'a', 0o600);
  // Only what node and tsx need: the server reads its secrets from the settings file instead.
  const childEnv: NodeJS.ProcessEnv = { PATH: env.PATH ?? process.env.PATH, HOME: env.HOME ?? process.env.HOME, TMPDIR: env.TMPDIR ?? process.env.TMPDIR };
  const child = spawn(process.execPath, serverArgs(paths.settingsFile), { detached: true, stdio: ['ignore', log.fd, log.fd], cwd: paths.root, env: childEnv });
  await log.close();
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  child.unref();
  const pid = child.pid!;
  const url = `http://${settings.host}:${settings.port}`;
  await writeFile(paths.pidFile, `${JSON.stringify({ pid, url })}\n`, { mode: 0o600 });

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    if (await answers(url, config.project_id)) return { url, pid };
    if (exitCode !== undefined) break;
    await sleep(100);
  }
  if (exitCode === undefined) await stopPlatformApi(config.project_id, env);
  await rm(paths.pidFile, { force: true });
  const tail = await logTail(paths.logFile, logStart);
  if (/EADDRINUSE/.test(tail)) throw portInUse(settings.port);
  throw new TaskError(
    `failed to start the local platform API: ${exitCode === undefined ? 'it did not answer in time' : `it exited with code ${exitCode}`}`,
    `See ${paths.logFile}${tail ? `; its last lines:\n${tail}` : ''}`,
  );
}
