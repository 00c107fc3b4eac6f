import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MalformedLineError, type NewEvent } from '../../machines/journal/journal-event.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { JournalWindow } from '../../tasks/journal/journal-window.js';
import { unsettledOperations } from '../../tasks/orchestration/pending-operations.js';
import { exited, spawnAppender } from '../helpers/spawn-appender.js';

/**
 * A complete line that is not an event, in the middle of the journal: set aside into
 * events.damaged.jsonl under its line number in the whole file (not counted from a checkpoint),
 * named in one warning by the one reader that set it aside, while every reader goes on; the
 * prefix checkpoints stay right whether the line was inside what they cover or after it.
 */
describe('journal: a damaged line in the middle', function () {
  this.timeout(120_000);
  let directory: string;
  let warnings: string[];
  const store = () => JournalStore.inDirectory(directory, { warn: (line) => warnings.push(line) });
  const paths = () => store().paths;
  beforeEach(() => {
    directory = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'journal-damaged-'));
    warnings = [];
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const fill = (count: number) =>
    store().append(Array.from({ length: count }, (_, index): NewEvent => ({ stream: index % 3 ? 'stack' : 'operations', type: index % 2 ? 'STOPPED' : 'START', data: { id: `op${index % 7}`, n: index } })));
  /** Replaces line `number` (from 1) of the journal with `text`. */
  const damage = (number: number, text = 'garbage {') => {
    const lines = readFileSync(paths().journal, 'utf8').split('\n');
    lines[number - 1] = text;
    writeFileSync(paths().journal, lines.join('\n'));
  };
  // A fold read back from the cache file has no keys whose value is undefined: compare as JSON.
  const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
  const setAside = () => readFileSync(paths().damaged, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { line: number; text: string; reason: string });

  it('after the lines the replay cache covers: named by its line in the whole file, once, and the cache still holds', () => {
    fill(600);
    assert.equal(store().replay().fromCache, false);
    assert.ok(existsSync(paths().snapshot), 'the first replay wrote the cache');
    fill(100);
    damage(650);
    const replay = store().replay();
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^Warning: line 650 of .*events\.jsonl is not an event \(.+\); set aside in .*events\.damaged\.jsonl\./);
    assert.deepEqual(setAside().map((line) => [line.line, line.text]), [[650, 'garbage {']]);
    // The 600 lines the cache covers are the same bytes: it proves itself and only the rest is folded.
    assert.equal(replay.fromCache, true);
    assert.equal(replay.fold.lastSeq, 700);
    assert.equal(replay.fold.count, 699);
    assert.deepEqual(plain(replay.fold), plain(store().replay({ useCache: false }).fold));
    assert.equal(store().replay().damagedLines, 0);
    assert.equal(warnings.length, 1, 'named once');
  });

  it('inside the lines the caches cover: they no longer prove themselves, and are rebuilt from the start', () => {
    fill(3000);
    store().replay();
    unsettledOperations(store());
    assert.ok(existsSync(paths().operationsCheckpoint) && existsSync(paths().snapshot));
    damage(40, '{"v":1,"seq":40,"time":"2024-');
    // The operations check comes first in every command: it sets the line aside.
    const unsettled = unsettledOperations(store());
    assert.deepEqual(unsettled, unsettledOperations(JournalStore.inDirectory(directory)));
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^Warning: line 40 of /);
    const replay = store().replay();
    assert.equal(replay.fromCache, false);
    assert.deepEqual(plain(replay.fold), plain(store().replay({ useCache: false }).fold));
    assert.equal(replay.fold.streams.stack.count + replay.fold.streams.operations.count, 2999);
    // The cache written over the journal without the line proves itself again.
    assert.equal(store().replay().fromCache, true);
    assert.equal(warnings.length, 1);
  });

  it('as the last complete line: the next append sets it aside and goes on after the last event', () => {
    fill(5);
    writeFileSync(paths().journal, readFileSync(paths().journal, 'utf8') + 'not json\n');
    const [written] = store().append([{ stream: 'stack', type: 'START' }]);
    assert.equal(written.seq, 6);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /^Warning: line 6 of /);
    assert.deepEqual(store().read().events.map((event) => event.seq), [1, 2, 3, 4, 5, 6]);
  });

  it('keeps the journal\'s mode, and loses no append made by other processes meanwhile', async () => {
    fill(10);
    damage(5);
    const mode = statSync(paths().journal).mode;
    const writers = await Promise.all([spawnAppender(directory, 'a', 3000), spawnAppender(directory, 'b', 3000)]);
    // Set aside while the two writers append, under the same lock.
    while (warnings.length === 0) {
      store().read();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.ok(writers.some((writer) => writer.exitCode === null), 'the writers were still appending when the line was set aside');
    assert.deepEqual(await Promise.all(writers.map(exited)), [0, 0]);
    const read = store().read();
    assert.equal(read.damagedLines, 0);
    assert.equal(read.events.length, 9 + 6000);
    for (const writer of ['a', 'b']) {
      assert.deepEqual(read.events.filter((event) => event.data.writer === writer).map((event) => event.data.n), Array.from({ length: 3000 }, (_, n) => n));
    }
    assert.equal(statSync(paths().journal).mode, mode);
    assert.equal(warnings.length, 1);
  });

  it('a window over the journal passes over it: searches neither stop at it nor skip events for it, and --limit does not count it', () => {
    fill(200);
    for (const number of [50, 51, 120, 200]) damage(number);
    const kept = store().read({}).events.map((event) => event.seq);
    // That read set the lines aside; put them back, for the window to meet.
    const damagedText = readFileSync(paths().journal, 'utf8').split('\n');
    for (const line of setAside()) damagedText.splice(line.line - 1, 0, line.text);
    writeFileSync(paths().journal, damagedText.join('\n'));
    const window = JournalWindow.open(paths().journal)!;
    try {
      const listedFrom = (offset: number) => [...window.chunks(offset)].flatMap((chunk) => window.decoderFor().decodeAll(chunk.text)).map((event) => event.seq);
      for (let n = 0; n <= 200; n++) assert.deepEqual(listedFrom(window.firstLineWhere((event) => event.seq > n)), kept.filter((seq) => seq > n), `--since ${n}`);
      for (const count of [1, 3, 80, 196]) assert.deepEqual(listedFrom(window.startOfLast(count)), kept.slice(-count), `--limit ${count}`);
      assert.ok(window.damagedLines > 0);
    } finally {
      window.close();
    }
  });

  it('an event of a newer format is not damage: it stays where it is, and reading it fails', () => {
    fill(3);
    damage(2, '{"v":2,"seq":2,"time":"2024-01-01T00:00:00.000Z","stream":"stack","type":"START","data":{}}');
    assert.throws(() => store().replay(), (error: unknown) => error instanceof MalformedLineError && error.newerFormat);
    assert.equal(existsSync(paths().damaged), false);
    assert.equal(warnings.length, 0);
  });
});
