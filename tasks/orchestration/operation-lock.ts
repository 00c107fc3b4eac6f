/**
 * One command at a time drives a project's machines. The operation lock is held for a whole run;
 * a second command waits (up to its waitMs) or fails saying who is busy. Because only the holder
 * writes machine events, any in-flight state found after acquiring it was left by a command that
 * died: recovery can close it without asking anyone.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FileLock, LockTimeoutError } from '../journal/file-lock.js';
import type { JournalStore } from '../journal/journal-store.js';
import { TaskError } from '../task-error.js';

/** Runs fn while holding the project's operation lock. */
export async function withOperation<T>(journal: JournalStore, label: string, waitMs: number, fn: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(journal.paths.operationLock), { recursive: true });
  const lock = new FileLock(journal.paths.operationLock);
  try {
    await lock.acquire(waitMs, label);
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    const owner = error.owner;
    throw new TaskError(
      owner
        ? `another supabase command is working on this project: process ${owner.pid}${owner.label ? ` (${owner.label})` : ''}, since ${owner.since}`
        : 'another supabase command is working on this project',
      'Wait for it to finish, then run this command again.',
      { cause: error },
    );
  }
  try {
    return await fn();
  } finally {
    lock.release();
  }
}
