/**
 * One command at a time drives a project's machines. The operation lock is held for a whole run;
 * a second command waits (up to its waitMs) or fails saying who is busy. Because only the holder
 * writes machine events, any in-flight state found after acquiring it was left by a command that
 * died: recovery can close it without asking anyone.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FileLock, LockTimeoutError, type LockOwner } from '../journal/file-lock.js';
import type { JournalStore } from '../journal/journal-store.js';
import { TaskError } from '../task-error.js';
import { onInterrupt } from './interrupts.js';
import { rethrowWrongKind } from '../project/file-kind.js';

/** Another command holds the project: the message names it (command, pid, since when). */
export class OperationBusyError extends TaskError {
  constructor(
    readonly owner: LockOwner | undefined,
    options?: { cause?: unknown },
  ) {
    super(
      owner
        ? `another supabase command is working on this project: process ${owner.pid}${owner.label ? ` (${owner.label})` : ''}, since ${owner.since}`
        : 'another supabase command is working on this project',
      'Wait for it to finish, then run this command again.',
      options,
    );
    // The CLI maps errors by name (TaskError -> user error), so keep the base name.
    this.name = 'TaskError';
  }
}

/** Runs fn while holding the project's operation lock. */
export async function withOperation<T>(journal: JournalStore, label: string, waitMs: number, fn: () => Promise<T>): Promise<T> {
  try {
    mkdirSync(path.dirname(journal.paths.operationLock), { recursive: true });
  } catch (error) {
    rethrowWrongKind(error, path.dirname(journal.paths.operationLock), 'folder');
  }
  const lock = new FileLock(journal.paths.operationLock);
  try {
    await lock.acquire(waitMs, label);
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    throw new OperationBusyError(error.owner, { cause: error });
  }
  // Interrupted, the command exits without unwinding: let the lock go as its last act.
  const forget = onInterrupt(() => lock.release());
  try {
    return await fn();
  } finally {
    forget();
    lock.release();
  }
}
