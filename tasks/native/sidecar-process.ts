/**
 * Detached helper processes of the native stack (the local platform API, the pg_net worker):
 * `supabase start` exits while the stack keeps running, so these cannot live in the CLI's own
 * process. Each is a Node entry file beside its module, started detached with its output in a
 * log file and its pid in a JSON record; stopping it is SIGTERM, then SIGKILL.
 */
import { spawn } from 'node:child_process';
import { open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a pid record holds at least; each sidecar adds its own fields. */
export interface SidecarRecord {
  pid: number;
}

/** A sidecar just spawned; `exitCode()` is undefined while it runs. */
export interface SpawnedSidecar {
  pid: number;
  exitCode: () => number | null | undefined;
}

/** How to launch a sidecar. */
export interface SidecarLaunch {
  /** `import.meta.url` of the module the entry sits beside. */
  from: string;
  /** The entry file's name without extension (also the marker that recognises the process). */
  entry: string;
  args: string[];
  logFile: string;
  cwd: string;
  /** The caller's environment: only PATH, HOME and TMPDIR are passed on (plus `extraEnv`). */
  env: NodeJS.ProcessEnv;
  extraEnv?: NodeJS.ProcessEnv;
}

/**
 * The node arguments that run `entry` beside the module at `from`: the compiled .js in dist/, or
 * the .ts source through tsx when that module itself was loaded from source (tests, development).
 */
export function entryArgs(from: string, entry: string, args: string[]): string[] {
  const here = fileURLToPath(from);
  const extension = path.extname(here);
  const file = path.join(path.dirname(here), `${entry}${extension}`);
  if (extension !== '.ts') return [file, ...args];
  // Resolved from here, not from the child's cwd (the native folder), where no tsx is installed.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, file, ...args];
}

/** Whether a pid is alive (EPERM: alive, but another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a pid runs the entry named `marker`; after a reboot a recorded pid may belong to anything. */
export async function isSidecar(pid: number, marker: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    // A zombie (exited, not yet reaped by its parent) has an empty command line.
    return cmdline.includes(marker);
  } catch {
    // No /proc (macOS): the liveness check is all there is.
    return process.platform !== 'linux';
  }
}

/** Reads a pid record, undefined when missing or not one; `valid` checks the sidecar's own fields. */
export async function readSidecarRecord<T extends SidecarRecord>(file: string, valid: (record: Partial<T>) => boolean = () => true): Promise<T | undefined> {
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Partial<T>;
    return typeof record.pid === 'number' && valid(record) ? (record as T) : undefined;
  } catch {
    return undefined;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops the sidecar a pid record names (SIGTERM, then SIGKILL after `graceMs`); true when one ran. */
export async function stopSidecar(pidFile: string, marker: string, graceMs = 5000): Promise<boolean> {
  const record = await readSidecarRecord(pidFile);
  let stopped = false;
  if (record && (await isSidecar(record.pid, marker))) {
    process.kill(record.pid, 'SIGTERM');
    for (let waited = 0; waited < graceMs && (await isSidecar(record.pid, marker)); waited += 50) await sleep(50);
    if (await isSidecar(record.pid, marker)) process.kill(record.pid, 'SIGKILL');
    stopped = true;
  }
  await rm(pidFile, { force: true });
  return stopped;
}

/** The size of a log file now, so that the lines of the coming launch can be told apart. */
export async function logSize(file: string): Promise<number> {
  return (await stat(file).catch(() => undefined))?.size ?? 0;
}

/** The last lines written to a log since offset `from` (logs are shared by successive launches). */
export async function logTail(file: string, from: number): Promise<string> {
  const text = (await readFile(file).catch(() => Buffer.alloc(0))).subarray(from).toString('utf8');
  return text.split('\n').filter(Boolean).slice(-5).join('\n');
}

/** Starts a sidecar detached, its stdout and stderr appended to its log. */
export async function spawnSidecar(launch: SidecarLaunch): Promise<SpawnedSidecar> {
  const log = await open(launch.logFile, 'a', 0o600);
  const { env } = launch;
  // Only what node and tsx need: secrets travel in files of mode 0600, never in the environment.
  const childEnv: NodeJS.ProcessEnv = { PATH: env.PATH ?? process.env.PATH, HOME: env.HOME ?? process.env.HOME, TMPDIR: env.TMPDIR ?? process.env.TMPDIR, ...launch.extraEnv };
  const child = spawn(process.execPath, entryArgs(launch.from, launch.entry, launch.args), { detached: true, stdio: ['ignore', log.fd, log.fd], cwd: launch.cwd, env: childEnv });
  await log.close();
  let exitCode: number | null | undefined;
  child.once('exit', (code) => (exitCode = code));
  child.unref();
  return { pid: child.pid!, exitCode: () => exitCode };
}
