import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { FileLock, LockTimeoutError } from '../../tasks/journal/file-lock.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { isProcessAlive } from '../../tasks/journal/process-alive.js';
import { exited, spawnAppender } from '../helpers/spawn-appender.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks the invariants a journal must keep whatever happened to its writers. */
function assertWhole(journal: JournalStore): number {
  const read = journal.read();
  read.events.forEach((event, index) => assert.equal(event.seq, index + 1, 'sequence numbers have a gap'));
  const byWriter = new Map<unknown, number[]>();
  for (const event of read.events) {
    if (event.type !== 'APPENDED') continue;
    byWriter.set(event.data.writer, [...(byWriter.get(event.data.writer) ?? []), event.data.n as number]);
  }
  for (const [writer, numbers] of byWriter) {
    assert.deepEqual(numbers, numbers.map((_, n) => n), `writer ${String(writer)} lost or reordered events`);
  }
  return read.events.length;
}

describe('journal: a writer killed with kill -9', function () {
  this.timeout(120_000);
  let directory: string;
  let journal: JournalStore;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'journal-kill-'));
    journal = JournalStore.inDirectory(directory);
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('loses nothing it acknowledged; the next append repairs the tail and takes over a stale lock', async () => {
    for (let round = 0; round < 5; round++) {
      const child = await spawnAppender(directory, `w${round}`, 'forever', 40);
      const startSize = statSync(journal.paths.journal).size;
      // Let it write a while, then kill it wherever it is: inside the lock, mid-write, or between batches.
      while (statSync(journal.paths.journal).size < startSize + 200_000) await sleep(5);
      await sleep(Math.random() * 20);
      child.kill('SIGKILL');
      assert.equal(await exited(child), 'SIGKILL');

      const before = assertWhole(journal);
      const [next] = journal.append([{ stream: 'stack', type: 'START' }], { lockTimeoutMs: 5000 });
      assert.equal(next.seq, before + 1, 'the next append did not continue the sequence');
      assert.equal(journal.read().tornBytes, 0, 'the torn tail was not repaired');
      assert.equal(assertWhole(journal), before + 1);
    }
    const replay = journal.replay({ writeCacheAfter: Infinity });
    assert.equal(replay.fold.lastSeq, journal.read().events.length);
    assert.equal(replay.fold.streams.stack.machine?.value, 'starting');
  });

  it('breaks a lock whose owner is dead', async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    await exited(child);
    writeFileSync(journal.paths.appendLock, JSON.stringify({ pid: child.pid, host: hostname(), since: new Date().toISOString() }));
    assert.equal(journal.append([{ stream: 'stack', type: 'START' }], { lockTimeoutMs: 2000 })[0].seq, 1);
    assert.equal(existsSync(journal.paths.appendLock), false);
  });

  it('counts a zombie (killed, not reaped yet) as dead although kill -0 still answers', async () => {
    // sh starts `sleep 0` in the background, prints its pid, then becomes `sleep 5`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5']);
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (data) => resolve(String(data)))));
      for (let tries = 0; tries < 100 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); tries++) await sleep(10);
      assert.doesNotThrow(() => process.kill(pid, 0), 'kill -0 should still see the zombie');
      assert.equal(isProcessAlive(pid), false);
      writeFileSync(journal.paths.appendLock, JSON.stringify({ pid, host: hostname(), since: new Date().toISOString() }));
      assert.equal(journal.append([{ stream: 'stack', type: 'START' }], { lockTimeoutMs: 2000 })[0].seq, 1);
    } finally {
      parent.kill('SIGKILL');
      await exited(parent);
    }
  });

  it('waits out a lock left empty by a writer killed between creating and writing it, then takes it', async () => {
    // No wait allowed at all: the empty lock is still within its grace period, and must not be a refusal.
    writeFileSync(journal.paths.appendLock, '');
    const started = Date.now();
    assert.equal(journal.append([{ stream: 'stack', type: 'START' }], { lockTimeoutMs: 0 })[0].seq, 1);
    assert.ok(Date.now() - started >= 1500, 'taken before the writer had its grace period');
    writeFileSync(journal.paths.appendLock, '');
    const lock = new FileLock(journal.paths.appendLock);
    await lock.acquire(0);
    assert.ok(lock.isHeld);
    lock.release();
  });

  it('waits for a live owner, names it when giving up, and goes ahead once it is gone', async () => {
    const owner = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      writeFileSync(journal.paths.appendLock, JSON.stringify({ pid: owner.pid, host: hostname(), since: new Date().toISOString(), label: 'supabase start' }));
      assert.throws(
        () => journal.append([{ stream: 'stack', type: 'START' }], { lockTimeoutMs: 200 }),
        (error: unknown) => error instanceof LockTimeoutError && /process \d+ \(supabase start\)/.test(error.message),
      );
    } finally {
      owner.kill('SIGKILL');
      await exited(owner);
    }
    assert.equal(journal.append([{ stream: 'stack', type: 'START' }], { lockTimeoutMs: 2000 })[0].seq, 1);
  });
});
