import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournalStore } from '../../tasks/journal/journal-store.js';

describe('journal: a torn last line', () => {
  let directory: string;
  let journal: JournalStore;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'journal-torn-'));
    journal = JournalStore.inDirectory(directory);
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const three = () =>
    journal.append([
      { stream: 'stack', type: 'START' },
      { stream: 'stack', type: 'STARTED' },
      { stream: 'stack', type: 'STOP', data: { backup: true } },
    ]);

  it('is ignored on read, and replay folds the complete lines only', () => {
    three();
    appendFileSync(journal.paths.journal, '{"v":1,"seq":4,"time":"2024-01-01T00:00:00.000Z","stream":"stack","ty');
    const read = journal.read();
    assert.deepEqual(read.events.map((event) => event.seq), [1, 2, 3]);
    assert.ok(read.tornBytes > 0);
    const replay = journal.replay({ writeCacheAfter: Infinity });
    assert.equal(replay.fold.lastSeq, 3);
    assert.equal(replay.fold.streams.stack.machine?.value, 'stopping.containers');
  });

  it('is cut off by the next append, which takes the next sequence number', () => {
    three();
    appendFileSync(journal.paths.journal, '{"v":1,"seq":4,"time":"2024-01-01T00:0');
    const [written] = journal.append([{ stream: 'stack', type: 'STOPPED' }]);
    assert.equal(written.seq, 4);
    const text = readFileSync(journal.paths.journal, 'utf8');
    assert.ok(text.endsWith('\n'));
    assert.equal(text.split('\n').filter(Boolean).length, 4);
    const read = journal.read();
    assert.equal(read.tornBytes, 0);
    assert.deepEqual(read.events.map((event) => event.type), ['START', 'STARTED', 'STOP', 'STOPPED']);
  });

  it('is repaired even when this process appended last (another writer died after it)', () => {
    three();
    appendFileSync(journal.paths.journal, '{"v":1,"seq":4,"ti');
    journal.append([{ stream: 'stack', type: 'STOPPED' }]);
    assert.deepEqual(journal.read().events.map((event) => event.seq), [1, 2, 3, 4]);
  });

  it('alone in the file reads as an empty journal, and the first append starts at 1', () => {
    appendFileSync(path.join(directory, 'events.jsonl'), '{"v":1,"se');
    assert.deepEqual(journal.read().events, []);
    assert.equal(journal.append([{ stream: 'stack', type: 'START' }])[0].seq, 1);
  });

  it('counts a whole event without its newline as torn: a line exists once its newline does', () => {
    three();
    appendFileSync(journal.paths.journal, '{"v":1,"seq":4,"time":"2024-01-01T00:00:00.000Z","stream":"stack","type":"STOPPED","data":{}}');
    assert.equal(journal.read().events.length, 3);
    assert.equal(journal.append([{ stream: 'stack', type: 'STOPPED' }])[0].seq, 4);
  });

  it('tells a damaged line in the middle apart from a torn tail: that one is set aside, naming its line', () => {
    three();
    appendFileSync(journal.paths.journal, 'garbage\n');
    appendFileSync(journal.paths.journal, '{"v":1,"seq":5,"time":"2024-01-01T00:00:00.000Z","stream":"stack","type":"STOPPED","data":{}}\n');
    appendFileSync(journal.paths.journal, '{"v":1,"seq":6,"ti');
    const warnings: string[] = [];
    const read = new JournalStore(journal.paths, { warn: (line) => warnings.push(line) }).read();
    assert.deepEqual(read.events.map((event) => event.seq), [1, 2, 3, 5]);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^Warning: line 4 of .*events\.jsonl is not an event/);
    // The torn tail is still the torn tail: ignored, then cut off by the next append.
    assert.ok(readFileSync(journal.paths.journal, 'utf8').endsWith('\n{"v":1,"seq":6,"ti'));
    assert.equal(journal.append([{ stream: 'stack', type: 'START' }])[0].seq, 6);
  });
});
