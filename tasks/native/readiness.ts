/**
 * Waits for a server to accept connections by connecting to it, every ~100 ms, rather than by
 * sleeping a fixed time: a cluster that is up in 40 ms is used after one probe, and one that
 * died is reported at once instead of at the end of a timeout.
 */
import { connect, type ConnectOptions } from '../db/connect.js';
import { TaskError, messageOf } from '../task-error.js';
import { readPidFile } from './pg-process.js';

/** SQLSTATE 3D000: the database named in the connection does not exist. */
const INVALID_CATALOG_NAME = '3D000';

export interface ReadinessOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Resolves (with a reason) when the server is known to be dead, to stop waiting early. */
  died?: Promise<string>;
}

/**
 * Waits until the server of `dataDir` (process `pid`) says in postmaster.pid that it accepts connections (as
 * `pg_ctl start -w` does), reading the file every 10 ms: far cheaper than a login, so it can be
 * asked that often. True once it says so; false when the server died or the time is up first,
 * for a connection (waitForConnection) to report why.
 */
export async function untilPostmasterReady(dataDir: string, pid: number, options: Pick<ReadinessOptions, 'timeoutMs' | 'died'> = {}): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let dead = false;
  void options.died?.then(() => (dead = true));
  // The pid matters: a server killed earlier leaves its file, saying `ready`, until the new one replaces it.
  const ready = async () => {
    const file = await readPidFile(dataDir);
    return file?.pid === pid && file.status === 'ready';
  };
  while (!dead && Date.now() < deadline) {
    if (await ready()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return false;
}

/** Resolves once a connection succeeds; throws a TaskError on death or timeout. */
export async function waitForConnection(target: ConnectOptions, options: ReadinessOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const intervalMs = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let dead: string | undefined;
  void options.died?.then((reason) => (dead = reason));
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (dead !== undefined) throw new TaskError(`database server exited during start-up: ${dead}`);
    const started = Date.now();
    try {
      const client = await connect({ ...target, connectTimeoutMs: Math.min(2_000, Math.max(100, deadline - Date.now())) });
      await client.end().catch(() => undefined);
      return;
    } catch (err) {
      // The server is up even when the database is gone (a reset killed between drop and
      // create): the command that finishes the reset brings it back, so stop waiting.
      if ((err as { code?: string }).code === INVALID_CATALOG_NAME) return;
      lastError = err;
    }
    const wait = Math.max(0, intervalMs - (Date.now() - started));
    await Promise.race([new Promise((resolve) => setTimeout(resolve, wait)), options.died ?? new Promise(() => undefined)]);
  }
  throw new TaskError(`database is not healthy: no connection within ${timeoutMs / 1000}s (${messageOf(lastError)})`);
}
