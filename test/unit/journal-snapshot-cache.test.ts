import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { temporaryJournal } from '../helpers/temporary-journal.js';

/** Start/stop cycles with per-service events: enough to cross the cache-writing threshold. */
function cycles(count: number): NewEvent[] {
  return Array.from({ length: count }, (_, cycle) => [
    { stream: 'stack', type: 'START', data: { excluded: cycle % 2 ? ['studio'] : [] } },
    { stream: 'stack', type: 'SERVICE_STARTING', data: { service: 'db' } },
    { stream: 'stack', type: 'SERVICE_HEALTHY', data: { service: 'db' } },
    { stream: 'stack', type: 'STARTED' },
    { stream: 'migrations:local', type: 'OBSERVED', data: { version: String(20240101000000 + cycle), local: true, remote: false } },
    { stream: 'stack', type: 'STOP' },
    { stream: 'stack', type: 'STOPPED' },
  ]).flat();
}

describe('journal: the replay cache (a derived, verified snapshot)', () => {
  let directory: string;
  let journal: JournalStore;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'journal-cache-'));
    journal = JournalStore.inDirectory(directory);
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));
  // A later command reads the journal afresh (a store remembers its own last replay).
  const nextCommand = () => JournalStore.inDirectory(directory);

  it('is written after a long replay and then used: only new events are folded, with the same result', () => {
    journal.append(cycles(200));
    const full = journal.replay();
    assert.equal(full.fromCache, false);
    assert.ok(existsSync(journal.paths.snapshot));

    journal.append(cycles(3));
    const cached = journal.replay();
    assert.equal(cached.fromCache, true);
    assert.equal(cached.foldedEvents, 21);
    assert.deepEqual(cached.fold, journal.replay({ useCache: false }).fold);
  });

  it('is not used when the journal does not start with the bytes it was made from', () => {
    journal.append(cycles(200));
    journal.replay();
    // Same length, one byte changed early on: an edited (or replaced) journal.
    const text = readFileSync(journal.paths.journal, 'utf8');
    writeFileSync(journal.paths.journal, text.replace('"service":"db"', '"service":"rs"'));
    const replay = nextCommand().replay({ writeCacheAfter: Infinity });
    assert.equal(replay.fromCache, false);
    assert.deepEqual(replay.fold, journal.replay({ useCache: false }).fold);
    assert.equal(replay.fold.streams.stack.instances?.rs?.value, 'starting');
  });

  it('is not used when the journal is shorter than what it covers', () => {
    journal.append(cycles(200));
    journal.replay();
    rmSync(journal.paths.journal);
    journal.append(cycles(1));
    const replay = journal.replay();
    assert.equal(replay.fromCache, false);
    assert.equal(replay.fold.lastSeq, 7);
  });

  it('is ignored when it was made by other machine definitions, or is damaged; deleting it is safe', () => {
    journal.append(cycles(200));
    journal.replay();
    const cache = JSON.parse(readFileSync(journal.paths.snapshot, 'utf8')) as { fingerprint: string };
    writeFileSync(journal.paths.snapshot, JSON.stringify({ ...cache, fingerprint: '0000000000000000' }));
    assert.equal(nextCommand().replay({ writeCacheAfter: Infinity }).fromCache, false);
    writeFileSync(journal.paths.snapshot, '{"format":1,');
    assert.equal(nextCommand().replay({ writeCacheAfter: Infinity }).fromCache, false);
    rmSync(journal.paths.snapshot);
    assert.equal(nextCommand().replay().fold.lastSeq, 1400);
  });
});

describe("journal: a store's later replays (within one command)", () => {
  const temporary = temporaryJournal('journal-store-');
  let journal: JournalStore;
  beforeEach(() => (journal = temporary.journal));

  it('fold only what was appended since the last one, with the same result as a full replay', () => {
    journal.append(cycles(10));
    journal.replay({ writeCacheAfter: Infinity });
    journal.append(cycles(2));
    const later = journal.replay({ writeCacheAfter: Infinity });
    assert.equal(later.foldedEvents, 14);
    assert.deepEqual(later.fold, journal.replay({ useCache: false }).fold);
    // Nothing appended: nothing folded.
    assert.equal(journal.replay().foldedEvents, 0);
  });

  it('read it all again when the file was replaced or cut', () => {
    journal.append(cycles(10));
    journal.replay({ writeCacheAfter: Infinity });
    rmSync(journal.paths.journal);
    journal.append(cycles(1));
    const replay = journal.replay({ writeCacheAfter: Infinity });
    assert.equal(replay.foldedEvents, 7);
    assert.equal(replay.fold.lastSeq, 7);
  });
});
