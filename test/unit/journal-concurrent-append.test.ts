import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { exited, spawnAppender } from '../helpers/spawn-appender.js';

describe('journal: two processes appending at once', function () {
  this.timeout(180_000);
  let directory: string;
  beforeEach(() => {
    // Each append is flushed; on a disk that is ~2 ms of fdatasync, 40 s for 20,000 appends. The
    // lock and the line layout are what is under test here, so tmpfs is used when there is one
    // (JOURNAL_TEST_DIR picks another place, e.g. a real disk).
    const base = process.env.JOURNAL_TEST_DIR ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
    directory = mkdtempSync(path.join(base, 'journal-concurrent-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('keeps all 20,000 events, each line whole, sequence numbers without gaps, each writer in order', async () => {
    const writers = await Promise.all([spawnAppender(directory, 'a', 10_000), spawnAppender(directory, 'b', 10_000)]);
    assert.deepEqual(await Promise.all(writers.map(exited)), [0, 0]);

    const read = JournalStore.inDirectory(directory).read();
    assert.equal(read.tornBytes, 0);
    assert.equal(read.events.length, 20_000);
    read.events.forEach((event, index) => assert.equal(event.seq, index + 1));
    for (const writer of ['a', 'b']) {
      const mine = read.events.filter((event) => event.data.writer === writer).map((event) => event.data.n);
      assert.deepEqual(mine, Array.from({ length: 10_000 }, (_, n) => n), `writer ${writer} lost or reordered events`);
    }
    const interleavings = read.events.filter((event, index) => index > 0 && event.data.writer !== read.events[index - 1].data.writer);
    assert.ok(interleavings.length > 0, 'the two writers never alternated: the test did not exercise contention');

    const replay = JournalStore.inDirectory(directory).replay({ writeCacheAfter: Infinity });
    assert.equal(replay.fold.lastSeq, 20_000);
    assert.equal(replay.fold.streams['test:a'].count, 10_000);
    assert.equal(replay.fold.streams['test:b'].count, 10_000);
  });
});
