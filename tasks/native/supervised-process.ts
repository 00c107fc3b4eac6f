/**
 * A service of the native stack that runs as its own detached process: `supabase start` exits
 * while the stack keeps running, so no server can live in the CLI's process. Each one has a pid
 * record (`{pid, url}`) and a log in the project's native folder; `status` asks whether the
 * recorded process is still ours and answers, `stop` ends it. The local platform API, postgres-meta
 * and the mail catcher are all run this way.
 */
import { spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { readFileSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { mkdir, open, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { clusterPaths } from './native-paths.js';
import { isPortInUse } from './port-check.js';
import { TaskError } from '../task-error.js';
import { packageFileSync, runsFromSource } from '../package-folder.js';
import { READY_FD, READY_FD_VARIABLE, readyWord } from './ready-signal.js';

/** The files of one supervised service of one project. */
export interface ServiceFiles {
  /** The project's native folder, the process's working directory. */
  root: string;
  /** `{pid, url}` of the running process. */
  pidFile: string;
  /** Its stdout and stderr, appended to across launches. */
  logFile: string;
}

/** `<native home>/<project>/<name>.pid.json` and `<name>.log`. */
export function serviceFiles(projectId: string, name: string, env: NodeJS.ProcessEnv = process.env): ServiceFiles {
  const { root } = clusterPaths(projectId, env);
  return { root, pidFile: path.join(root, `${name}.pid.json`), logFile: path.join(root, `${name}.log`) };
}

/** How to recognise and probe one kind of supervised service. */
export interface ServiceKind {
  /** For messages: `the local platform API`. */
  title: string;
  /** Text the process's command line contains; after a reboot a recorded pid may belong to anything. */
  marker: string;
  /** Whether the service at `url` answers as this project's. */
  answers: (url: string) => Promise<boolean>;
}

/** What serviceStatus finds: `unresponsive` is our process alive but not answering. */
export interface ServiceStatus {
  state: 'running' | 'unresponsive' | 'stopped';
  pid?: number;
  url?: string;
  /**
   * Stopped without being stopped: its pid record is still there (a stop removes it), so it was
   * launched and has died since.
   */
  exited?: boolean;
}

/** A port the service needs, and the config setting (or variable) that chose it. */
export interface NeededPort {
  port: number;
  host: string;
  /** `[studio] port in supabase/config.toml`: said in the message when the port is taken. */
  setBy: string;
  /** What else the user can do, besides stopping the holder. */
  alternative: string;
}

/** How to launch a service. */
export interface LaunchSpec {
  /** node arguments: an entry file and its arguments (see nodeEntry). */
  args: string[];
  /** The child's whole environment (the parent's is not passed on: it may hold secrets). */
  env: NodeJS.ProcessEnv;
  /** Where it will answer. */
  url: string;
  /** Ports checked before launching, so a clash is one clear line. */
  ports: NeededPort[];
  /** How long to wait for it to answer (default 10 s). */
  timeoutMs?: number;
  /** It says when it answers (ready-signal.ts): taken at its word, not probed every 20 ms while it loads. */
  readySignal?: boolean;
}

interface PidRecord {
  pid: number;
  url: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * node arguments that run the service entry `module` (a path in the sources without extension,
 * e.g. `tasks/mail-catcher/mail-catcher-main`): its bundle in dist/ (`.cjs`, by
 * scripts/bundle-services.js) unless it is older than the module tsc wrote beside it (then that
 * module: `tsc` ran without the rest of `npm run build`), or its source through tsx when this code
 * itself runs from the sources (tests, development). Found from the package, not beside the
 * caller: in the CLI bundle every caller is dist/cli-script.js.
 */
export function nodeEntry(module: string, args: string[] = []): string[] {
  if (!runsFromSource) return [bundleUnlessStale(packageFileSync(`dist/${module}.js`)), ...args];
  // Resolved from here, not from the child's cwd (the native folder), where no tsx is installed.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, packageFileSync(`${module}.ts`), ...args];
}

/** The `.cjs` bundle beside a module tsc wrote, when there is one at least as new; else the module. */
export function bundleUnlessStale(compiled: string): string {
  const bundle = compiled.replace(/\.js$/, '.cjs');
  const bundled = statSync(bundle, { throwIfNoEntry: false });
  return bundled && bundled.mtimeMs >= statSync(compiled).mtimeMs ? bundle : compiled;
}

/** The variables every child needs to run node at all; nothing else of the parent's leaks. */
export function baseChildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: env.PATH ?? process.env.PATH,
    HOME: env.HOME ?? process.env.HOME,
    TMPDIR: env.TMPDIR ?? process.env.TMPDIR,
    // Where our bundles keep the code caches their runs train (bin/cached-script.js), as the CLI's.
    XDG_CACHE_HOME: env.XDG_CACHE_HOME ?? process.env.XDG_CACHE_HOME,
  };
}

/**
 * Whether `url` answers with a 2xx whose body passes `check`. node:http rather than fetch:
 * `status` asks this every time, and loading fetch's client costs more than the request.
 */
export function httpAnswers(url: string, check: (body: string) => boolean = () => true, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpGet(url, { timeout: timeoutMs }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve((response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300 && check(text)));
      response.on('error', () => resolve(false));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

/** A JSON body check: parses and hands the object over, false when it is not JSON. */
export function jsonBody(test: (body: Record<string, unknown>) => boolean): (text: string) => boolean {
  return (text) => {
    try {
      const body = JSON.parse(text) as unknown;
      return typeof body === 'object' && body !== null && test(body as Record<string, unknown>);
    } catch {
      return false;
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isOurs(pid: number, kind: ServiceKind): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).includes(kind.marker);
  } catch {
    // No /proc (macOS): the liveness check is all there is.
    return process.platform !== 'linux';
  }
}

/**
 * Whether a process has finished exiting, its sockets closed: gone, or a zombie with no thread
 * left. (Its command line empties earlier, and its main thread turns zombie while the others
 * still hold its files.)
 */
async function exited(pid: number): Promise<boolean> {
  if (process.platform !== 'linux') return !isAlive(pid);
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    if (!/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))) return false;
    // The zombie main thread is listed until reaped; any other thread still holds the files.
    return (await readdir(`/proc/${pid}/task`)).length <= 1;
  } catch {
    return true;
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

/** The last lines this launch wrote (the log is shared with earlier launches). */
async function logTail(file: string, from: number): Promise<string> {
  const text = (await readFile(file).catch(() => Buffer.alloc(0))).subarray(from).toString('utf8');
  return text.split('\n').filter(Boolean).slice(-5).join('\n');
}

function portTaken(kind: ServiceKind, needed: NeededPort): TaskError {
  return new TaskError(
    `failed to start ${kind.title}: port ${needed.port} is already in use (set by ${needed.setBy})`,
    `Stop the program listening on port ${needed.port}, or ${needed.alternative}`,
  );
}

/** The state of a project's service of this kind. */
export async function serviceStatus(files: ServiceFiles, kind: ServiceKind): Promise<ServiceStatus> {
  const record = await readPidRecord(files.pidFile);
  if (!record) return { state: 'stopped' };
  if (!(await isOurs(record.pid, kind))) return { state: 'stopped', exited: true };
  return { state: (await kind.answers(record.url)) ? 'running' : 'unresponsive', pid: record.pid, url: record.url };
}

/**
 * Whether the service was launched and has died since (its pid record is there, its process is
 * not), without probing it: a probe can cost a connection (the pg_net worker's opens a database
 * session), and callers that only ask about a death need none.
 */
export async function serviceExited(files: ServiceFiles, kind: ServiceKind): Promise<boolean> {
  const record = await readPidRecord(files.pidFile);
  return record !== undefined && !(await isOurs(record.pid, kind));
}

/** The URL recorded for the service's last launch, without probing it (the caller already knows it runs). */
export async function recordedUrl(files: ServiceFiles): Promise<string | undefined> {
  return (await readPidRecord(files.pidFile))?.url;
}

/**
 * Processes of this kind working in this project's folder whose pid was never recorded: a
 * command killed between spawning one and writing its record leaves such an orphan holding the
 * port. Found through /proc (the command line names the kind, the working directory is ours).
 */
function strays(files: ServiceFiles, kind: ServiceKind, recorded: number | undefined): number[] {
  if (process.platform !== 'linux') return [];
  // The working directory first: one system call per process, and only a service of this project
  // has ours, so command lines are read only for those. Synchronous on purpose: the promise and
  // thread-pool hop per process cost ten times more (a start, with its four services, paid some
  // 25 ms for the scans on a machine of 80 processes).
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === recorded || pid === process.pid) continue;
    try {
      // A folder deleted under the process reads as `<path> (deleted)`: still ours to stop.
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if ((cwd === files.root || cwd === `${files.root} (deleted)`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(kind.marker)) found.push(pid);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Sends `signal` and waits up to `ms` (checking every `every` ms) for the process to finish exiting. */
async function signalAndWait(pid: number, signal: NodeJS.Signals, ms: number, every: number): Promise<void> {
  process.kill(pid, signal);
  for (let waited = 0; waited < ms && !(await exited(pid)); waited += every) await sleep(every);
}

/** Stops the service (SIGTERM, then SIGKILL after 5 s), and any orphan of it; true when one was running. */
export async function stopService(files: ServiceFiles, kind: ServiceKind): Promise<boolean> {
  const record = await readPidRecord(files.pidFile);
  let stopped = false;
  if (record && (await isOurs(record.pid, kind))) {
    await signalAndWait(record.pid, 'SIGTERM', 5000, 50);
    if (await isOurs(record.pid, kind)) await signalAndWait(record.pid, 'SIGKILL', 2000, 20);
    stopped = true;
  }
  for (const pid of strays(files, kind, record?.pid)) {
    await signalAndWait(pid, 'SIGKILL', 2000, 20);
    stopped = true;
  }
  await rm(files.pidFile, { force: true });
  return stopped;
}

/** How often a launch asks whether the service answers: a start waits on the slowest service, so finely. */
const ANSWER_POLL_MS = 20;

/** A service process just launched, by this process (it watches for its exit). */
export interface LaunchedService {
  pid: number;
  url: string;
  /** The exit code once it has exited (null: by a signal); undefined while it runs. */
  exitCode(): number | null | undefined;
  /** Where this launch's lines begin in the shared log. */
  logStart: number;
  spec: LaunchSpec;
  /** With `spec.readySignal`: true once it has said it answers, false when it exited without a word. */
  said?: Promise<boolean>;
}

/**
 * Launches the service detached, replacing one of this project already running, and waits until
 * it answers. A taken port, an early exit or no answer in time is one TaskError naming the log.
 */
export async function launchService(files: ServiceFiles, kind: ServiceKind, spec: LaunchSpec): Promise<{ pid: number; url: string }> {
  const launched = await spawnService(files, kind, spec);
  await untilAnswering(files, kind, launched);
  return { pid: launched.pid, url: launched.url };
}

/**
 * The launch without the wait: checks the ports, spawns and records the process (for a caller
 * that waits later with untilAnswering, or not at all: a service nothing needs at once).
 */
export async function spawnService(files: ServiceFiles, kind: ServiceKind, spec: LaunchSpec): Promise<LaunchedService> {
  await mkdir(files.root, { recursive: true });
  await stopService(files, kind);
  for (const needed of spec.ports) if (await isPortInUse(needed.port, needed.host)) throw portTaken(kind, needed);

  const logStart = (await stat(files.logFile).catch(() => undefined))?.size ?? 0;
  const log = await open(files.logFile, 'a', 0o600);
  const stdio = spec.readySignal ? (['ignore', log.fd, log.fd, 'pipe'] as const) : (['ignore', log.fd, log.fd] as const);
  const env = spec.readySignal ? { ...spec.env, [READY_FD_VARIABLE]: String(READY_FD) } : spec.env;
  const child = spawn(process.execPath, spec.args, { detached: true, stdio: [...stdio], cwd: files.root, env });
  await log.close();
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  child.unref();
  const pid = child.pid!;
  await writeFile(files.pidFile, `${JSON.stringify({ pid, url: spec.url })}\n`, { mode: 0o600 });
  const pipe = child.stdio[3];
  return { pid, url: spec.url, exitCode: () => exitCode, logStart, spec, said: pipe ? readyWord(pipe as Readable) : undefined };
}

/**
 * Waits until a service launched by spawnService answers. An early exit or no answer in time
 * stops it, removes its record and is one TaskError naming the log (or the port it found taken).
 */
export async function untilAnswering(files: ServiceFiles, kind: ServiceKind, launched: LaunchedService): Promise<void> {
  const { spec } = launched;
  const deadline = Date.now() + (spec.timeoutMs ?? 10_000);
  if (launched.said) {
    let timer: NodeJS.Timeout | undefined;
    const said = await Promise.race([launched.said, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deadline - Date.now())))]);
    clearTimeout(timer);
    // It listens: the word is written after listen succeeded, by the process spawned here.
    if (said) return;
  }
  while (Date.now() < deadline) {
    if (await kind.answers(launched.url)) return;
    if (launched.exitCode() !== undefined) break;
    await sleep(ANSWER_POLL_MS);
  }
  const exitCode = launched.exitCode();
  if (exitCode === undefined) await stopService(files, kind);
  await rm(files.pidFile, { force: true });
  const tail = await logTail(files.logFile, launched.logStart);
  const clash = /EADDRINUSE/.test(tail) ? spec.ports.find((needed) => tail.includes(String(needed.port))) ?? spec.ports[0] : undefined;
  if (clash) throw portTaken(kind, clash);
  throw new TaskError(
    `failed to start ${kind.title}: ${exitCode === undefined ? 'it did not answer in time' : `it exited with code ${exitCode}`}`,
    `See ${files.logFile}${tail ? `; its last lines:\n${tail}` : ''}`,
  );
}
