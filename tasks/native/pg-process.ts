/**
 * The PostgreSQL processes of the native runtime: initdb, the server started in the background
 * (it outlives the command), and its shutdown. The server runs detached with its output in a
 * log file; its PID and port are read back from postmaster.pid, which PostgreSQL maintains.
 */
import { spawn } from 'node:child_process';
import { appendFile, chown, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PgBinaries } from './pg-binaries.js';
import type { RunAs } from './service-user.js';
import { ALWAYS_PRELOADED, preloadOptions } from './preload.js';
import { TaskError } from '../task-error.js';

/** Settings of every native cluster, appended to postgresql.conf once, at initdb. */
export const CLUSTER_SETTINGS = `
# Added by the supabase CLI (native runtime). A local development cluster: reachable on
# 127.0.0.1 only (the port is given at start), and tuned for speed over crash safety: a killed
# server loses nothing, a power cut may lose the cluster, which \`db reset\` rebuilds.
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
shared_preload_libraries = '${ALWAYS_PRELOADED.join(',')}'
wal_level = logical
max_wal_senders = 10
max_replication_slots = 10
fsync = off
synchronous_commit = off
full_page_writes = off
search_path = '"$user", public, extensions'
`;

/** The local superuser password, as in the original's local stack. */
export const LOCAL_PASSWORD = 'postgres';

/** Runs initdb into an empty `dataDir` (created, and owned by `runAs` when given). */
export async function initdb(bins: PgBinaries, dataDir: string, runAs: RunAs | undefined): Promise<void> {
  const pwfile = path.join(path.dirname(dataDir), '.pwfile');
  await writeFile(pwfile, `${LOCAL_PASSWORD}\n`, { mode: 0o600 });
  if (runAs) await chown(pwfile, runAs.uid, runAs.gid);
  const base = ['-D', dataDir, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'];
  try {
    let result = await runTool(bins.initdb, [...base, '--locale=C.UTF-8'], runAs);
    if (result.code !== 0 && /invalid locale|locale .* not found|C\.UTF-8/i.test(result.output)) {
      // Systems without a C.UTF-8 locale: the plain C locale with UTF-8 encoding.
      await rm(dataDir, { recursive: true, force: true });
      result = await runTool(bins.initdb, [...base, '--locale=C'], runAs);
    }
    if (result.code !== 0) throw new TaskError(`failed to initialise the database cluster: ${result.output.trim()}`);
  } finally {
    await rm(pwfile, { force: true });
  }
  await appendFile(path.join(dataDir, 'postgresql.conf'), CLUSTER_SETTINGS);
}

/** A server started in the background. `exited` resolves if it stops while we still watch it. */
export interface StartedServer {
  pid: number;
  exited: Promise<number | null>;
}

/**
 * Commits are asynchronous here (synchronous_commit = off), so their WAL reaches disk when the WAL
 * writer next wakes: every 200 ms by default. Logical decoding reads only flushed WAL, so Realtime's
 * database changes would lag a commit by up to that long; 10 ms keeps them prompt, and an idle
 * writer still hibernates. Given at every start, so clusters made before it get it too.
 */
const WAL_WRITER_DELAY = ['-c', 'wal_writer_delay=10ms'];

/** Starts `postgres -D dataDir -p port` detached, appending its output to `logFile`. */
export async function spawnServer(bins: PgBinaries, dataDir: string, port: number, logFile: string, runAs: RunAs | undefined): Promise<StartedServer> {
  const log = await open(logFile, 'a');
  try {
    const child = spawn(bins.postgres, ['-D', dataDir, '-p', String(port), ...WAL_WRITER_DELAY, ...(await preloadOptions(bins))], {
      cwd: path.dirname(dataDir),
      detached: true,
      stdio: ['ignore', log.fd, log.fd],
      env: serverEnv(),
      ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    });
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.once('error', () => resolve(-1));
    });
    child.unref();
    if (child.pid === undefined) throw new TaskError(`failed to start ${bins.postgres}`);
    return { pid: child.pid, exited };
  } finally {
    await log.close();
  }
}

/** What postmaster.pid says about a running (or crashed) server. */
export interface PidFile {
  pid: number;
  port: number;
  /** `ready`, `starting`, `stopping` or `standby`. */
  status: string;
}

/** Reads `<dataDir>/postmaster.pid`; undefined when there is none. */
export async function readPidFile(dataDir: string): Promise<PidFile | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isFinite(pid)) return undefined;
  return { pid, port: Number.parseInt(lines[3] ?? '', 10), status: (lines[7] ?? '').trim() };
}

/**
 * Whether a process runs. A stopped server can linger as a zombie when PID 1 is slow to reap
 * orphans, and then `kill -0` says it is alive, so /proc is read where it exists.
 */
export async function isProcessAlive(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && process.platform === 'linux') return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` is a live server of `dataDir`: its command line names the folder after -D, as
 * spawnServer launched it (a recorded pid may since belong to anything). It still does once the
 * folder is deleted. Without /proc (macOS) the liveness check is all there is.
 */
export async function isServerOf(pid: number, dataDir: string): Promise<boolean> {
  if (!(await isProcessAlive(pid))) return false;
  try {
    const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return args.some((arg, index) => arg === '-D' && args[index + 1] === dataDir);
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * Stops the server of `dataDir`: a fast shutdown (clients disconnected, one checkpoint), then an
 * immediate one, then SIGKILL if it still runs. The server is the one postmaster.pid names, and
 * any of `recorded` (pids recorded outside the folder) that is still a server of it. Returns
 * whether a server was running.
 */
export async function stopServer(dataDir: string, timeoutMs = 15_000, recorded: readonly number[] = []): Promise<boolean> {
  const pidFile = await readPidFile(dataDir);
  const pids = new Set<number>();
  if (pidFile && (await isProcessAlive(pidFile.pid))) pids.add(pidFile.pid);
  for (const pid of recorded) if (!pids.has(pid) && (await isServerOf(pid, dataDir))) pids.add(pid);
  await Promise.all([...pids].map((pid) => stopPid(pid, timeoutMs)));
  return pids.size > 0;
}

async function stopPid(pid: number, timeoutMs: number): Promise<void> {
  const steps: Array<[NodeJS.Signals, number]> = [['SIGINT', timeoutMs], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]];
  for (const [signal, wait] of steps) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitUntil(async () => !(await isProcessAlive(pid)), wait)) return;
  }
  throw new TaskError(`failed to stop the database server (pid ${pid})`);
}

/** Polls `done` every 20 ms until it is true or the time is up. */
export async function waitUntil(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The last lines of a log, to explain a server that would not start. */
export async function logTail(logFile: string, lines = 15): Promise<string> {
  try {
    return (await readFile(logFile, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Runs a PostgreSQL tool to completion, collecting its output. */
function runTool(file: string, args: string[], runAs: RunAs | undefined): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: serverEnv(), stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ? { uid: runAs.uid, gid: runAs.gid, cwd: '/' } : {}) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The caller's environment without PG* variables, which would change how the server starts. */
function serverEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PG')));
  return { ...env, LC_ALL: 'C' };
}
