/**
 * A cross-process lock made of a file created with O_EXCL, holding its owner's pid and host.
 * Node has no flock and we want no native addon; O_EXCL creation is atomic on local Linux file
 * systems. A lock whose owner died (kill -9 while holding it) is stale: a waiter on the same host
 * finds the pid gone and breaks it, under a second short-lived O_EXCL "breaker" file so that two
 * waiters never both break it and then both believe they hold it.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { isProcessAlive } from './process-alive.js';

/** Who holds a lock. */
export interface LockOwner {
  pid: number;
  host: string;
  since: string;
  /** What the owner is doing, e.g. `supabase start` (shown to whoever waits). */
  label?: string;
}

/** The lock was not acquired in time. */
export class LockTimeoutError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      owner
        ? `${lockPath} is held by process ${owner.pid}${owner.label ? ` (${owner.label})` : ''} since ${owner.since}`
        : `${lockPath} is held by another process`,
    );
    this.name = 'LockTimeoutError';
  }
}

// A lock file is created and written in two steps; one that stays empty this long lost its writer.
const EMPTY_LOCK_GRACE_MS = 2000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the thread (no busy loop) for a fraction of a millisecond or more. */
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** A lock file at a path. Not re-entrant: one holder per FileLock object and process. */
export class FileLock {
  private held = false;

  constructor(readonly path: string) {}

  /** Tries once; true when this process now holds the lock. */
  tryAcquire(label?: string): boolean {
    if (this.held) throw new Error(`lock ${this.path} is already held by this process`);
    if (this.create(label)) return true;
    if (this.breakIfStale()) return this.create(label);
    return false;
  }

  /** Waits up to timeoutMs, sleeping between tries (for short critical sections such as appends). */
  acquireSync(timeoutMs: number, label?: string): void {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 0; ; attempt++) {
      if (this.tryAcquire(label)) return;
      if (Date.now() >= deadline && !this.ownerPending()) return this.lastTry(label);
      // Back off from 50 µs to 5 ms, with jitter so two waiters do not wake in step.
      sleepSync(Math.min(5, 0.05 * 2 ** Math.min(attempt, 7)) * (0.5 + Math.random()));
    }
  }

  /** Waits up to timeoutMs without blocking the event loop (for locks held for a whole command). */
  async acquire(timeoutMs: number, label?: string, pollMs = 50): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.tryAcquire(label)) return;
      if (Date.now() >= deadline && !this.ownerPending()) return this.lastTry(label);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /**
   * The try after the time is up: an empty lock can turn stale between a try (its grace period not
   * quite over) and the check that follows it (over), so the lock is tried once more before the
   * waiter gives up.
   */
  private lastTry(label?: string): void {
    if (!this.tryAcquire(label)) throw new LockTimeoutError(this.path, this.owner());
  }

  /** Releases the lock; a no-op when this object does not hold it. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    try {
      unlinkSync(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  /** Whether this object holds the lock. */
  get isHeld(): boolean {
    return this.held;
  }

  /** The current owner, if the lock exists and is readable. */
  owner(): LockOwner | undefined {
    return readOwner(this.path);
  }

  /**
   * Whether the lock exists with no owner written yet, within the grace period: its writer is
   * writing it now, or was killed between creating and writing it (then it turns stale when the
   * grace period ends). A waiter waits that out rather than giving up on nobody: with a timeout
   * shorter than the grace period, a command run right after such a kill would otherwise refuse.
   */
  private ownerPending(): boolean {
    try {
      return readOwner(this.path) === undefined && Date.now() - statSync(this.path).mtimeMs <= EMPTY_LOCK_GRACE_MS;
    } catch {
      return false;
    }
  }

  private create(label?: string): boolean {
    let fd: number;
    try {
      fd = openSync(this.path, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString(), ...(label ? { label } : {}) };
      writeSync(fd, JSON.stringify(owner));
    } catch (error) {
      // A full disk: the file exists but names no owner. Taken back, or every other command would
      // wait for it to go stale; the error gets the lock's path, which write() errors lack.
      closeSync(fd);
      unlinkQuietly(this.path);
      if ((error as NodeJS.ErrnoException).path === undefined) (error as NodeJS.ErrnoException).path = this.path;
      throw error;
    }
    closeSync(fd);
    this.held = true;
    return true;
  }

  /** Removes the lock when its owner is provably gone; true when it did. */
  private breakIfStale(): boolean {
    if (!isStale(this.path)) return false;
    const breaker = new FileLock(`${this.path}.break`);
    if (!breaker.create()) {
      // Someone else is breaking it, or a breaker died half way: clear a dead breaker and retry later.
      if (isStale(breaker.path)) unlinkQuietly(breaker.path);
      return false;
    }
    try {
      // Check again under the breaker: the lock may have been broken and taken by a live process.
      if (!isStale(this.path)) return false;
      unlinkQuietly(this.path);
      return true;
    } finally {
      breaker.release();
    }
  }
}

function readOwner(path: string): LockOwner | undefined {
  try {
    return readOwnerText(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A lock is stale when its owner on this host is dead, or it stayed empty past the grace period. */
function isStale(path: string): boolean {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // Gone already: nothing to break, the next create will tell.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const owner = text ? readOwnerText(text) : undefined;
  if (!owner) {
    try {
      return Date.now() - statSync(path).mtimeMs > EMPTY_LOCK_GRACE_MS;
    } catch {
      return false;
    }
  }
  // A pid from another host (a shared folder) cannot be checked: never call it stale.
  return owner.host === hostname() && !isProcessAlive(owner.pid);
}

function readOwnerText(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner.pid === 'number' ? owner : undefined;
  } catch {
    return undefined;
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
