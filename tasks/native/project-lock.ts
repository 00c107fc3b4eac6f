/**
 * One command at a time per native cluster: start, stop and delete take this lock, so two of
 * them never initialise, stop or remove the same data folder at once. The lock is a folder
 * (mkdir is atomic) holding the owner's PID; a lock whose owner died (kill -9) is taken over.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive } from './pg-process.js';
import { TaskError } from '../task-error.js';

/** Runs `work` while holding the lock folder `lockDir`; waits up to `waitMs` for another holder. */
export async function withProjectLock<T>(lockDir: string, projectId: string, work: () => Promise<T>, waitMs = 60_000): Promise<T> {
  await acquire(lockDir, projectId, waitMs);
  try {
    return await work();
  } finally {
    await rm(lockDir, { recursive: true, force: true });
  }
}

async function acquire(lockDir: string, projectId: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  await mkdir(path.dirname(lockDir), { recursive: true, mode: 0o755 });
  for (;;) {
    try {
      await mkdir(lockDir);
      await writeFile(path.join(lockDir, 'owner'), String(process.pid));
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = await readOwner(lockDir);
    if (owner === undefined || owner === process.pid || !(await isProcessAlive(owner))) {
      // The holder is gone (or has not written its PID yet, in which case it is just starting:
      // give it a moment before treating the lock as abandoned).
      if (owner !== undefined || (await ageMs(lockDir)) > 2_000) {
        await rm(lockDir, { recursive: true, force: true });
        continue;
      }
    }
    if (Date.now() > deadline) {
      throw new TaskError(
        `another supabase command (pid ${owner ?? 'unknown'}) is starting, stopping or deleting the local database of project ${projectId}`,
        'Wait for it to finish, then run the command again.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function readOwner(lockDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path.join(lockDir, 'owner'), 'utf8'), 10);
    return Number.isFinite(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function ageMs(dir: string): Promise<number> {
  try {
    const { stat } = await import('node:fs/promises');
    return Date.now() - (await stat(dir)).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
