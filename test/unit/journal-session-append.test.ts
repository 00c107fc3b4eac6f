/**
 * A run's appends (journal-session.ts): what it wrote is folded without reading the file back when
 * nobody else wrote in between (a reset of 1,000 migrations appends 1,000 times), and still read
 * from the file, others' lines included, when somebody did.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { JournalSession } from '../../tasks/orchestration/journal-session.js';

describe('journal session: folding its own appends', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'journal-session-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  /** A session whose store counts the reads it makes of the file after the first replay. */
  function countedSession(): { session: JournalSession; reads: () => number } {
    const store = JournalStore.inDirectory(directory);
    store.append([{ stream: 'operations', type: 'BEGIN', data: { id: 'run' } }]);
    const session = new JournalSession(store);
    let reads = 0;
    const read = store.read.bind(store);
    store.read = (options) => {
      reads += 1;
      return read(options);
    };
    return { session, reads: () => reads };
  }

  it('folds what it alone wrote as written, without reading the file again', () => {
    const { session, reads } = countedSession();
    for (let n = 0; n < 50; n++) session.append([{ stream: 'operations', type: 'STEP_BEGUN', data: { id: 'run', step: `apply ${n}` } }], { durable: false });
    assert.equal(reads(), 0);
    assert.equal(session.fold.count, 51);
    assert.equal(session.fold.lastSeq, 51);
    // What it folded is what a fresh replay of the file finds.
    assert.deepEqual(session.fold, new JournalSession(JournalStore.inDirectory(directory)).fold);
  });

  it('reads the file when another writer appended since, and folds that writer\'s lines too', () => {
    const { session, reads } = countedSession();
    session.append([{ stream: 'operations', type: 'STEP_BEGUN', data: { id: 'run', step: 'one' } }]);
    JournalStore.inDirectory(directory).append([{ stream: 'operations', type: 'BEGIN', data: { id: 'other' } }]);
    session.append([{ stream: 'operations', type: 'STEP_BEGUN', data: { id: 'run', step: 'two' } }]);
    assert.equal(reads(), 1);
    assert.equal(session.fold.count, 4);
    assert.deepEqual(session.fold, new JournalSession(JournalStore.inDirectory(directory)).fold);
  });
});
