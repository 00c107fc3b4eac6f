import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inStream, type JournalEvent, type NewEvent } from '../../machines/journal/journal-event.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { JournalWindow } from '../../tasks/journal/journal-window.js';

/**
 * A journal of many read chunks (64 KiB each), written by the store in timed batches, with a
 * few lines longer than a chunk, so every search crosses chunk boundaries.
 */
describe('journal window: seeking and reading without loading the journal', () => {
  let directory: string;
  let store: JournalStore;
  let written: JournalEvent[];
  /** Byte offset where each event's line starts, by index. */
  let starts: number[];
  let file: string;

  before(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'journal-window-'));
    store = JournalStore.inDirectory(directory);
    written = [];
    for (let batch = 0; batch < 40; batch++) {
      const events: NewEvent[] = Array.from({ length: 250 }, (_, index) => ({
        stream: index % 3 === 0 ? `branches:ref${batch % 4}` : 'stack',
        type: index % 2 ? 'SERVICE_HEALTHY' : 'START',
        data: { service: `svc-${index}`, note: 'é✓'.repeat(index % 7) },
      }));
      // One line in a few batches is longer than a whole read chunk.
      if (batch % 13 === 5) events.push({ stream: 'stack', type: 'HUGE', data: { blob: 'x'.repeat(300 * 1024) } });
      written.push(...store.append(events, { now: () => new Date(Date.UTC(2024, 0, 1, 0, batch)) }));
    }
    file = store.paths.journal;
    const bytes = readFileSync(file);
    starts = [0];
    for (let at = bytes.indexOf(0x0a); at >= 0 && at < bytes.length - 1; at = bytes.indexOf(0x0a, at + 1)) starts.push(at + 1);
    assert.equal(starts.length, written.length);
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  const withWindow = <T>(use: (window: JournalWindow) => T): T => {
    const window = JournalWindow.open(file);
    assert.ok(window);
    try {
      return use(window);
    } finally {
      window.close();
    }
  };

  it('reads the whole journal back in chunks of whole lines', () => {
    withWindow((window) => {
      const chunks = [...window.chunks()];
      assert.ok(chunks.length > 20);
      for (const chunk of chunks) assert.ok(chunk.text.endsWith('\n'));
      assert.equal(chunks.map((chunk) => chunk.text).join(''), readFileSync(file, 'utf8'));
      const fromMiddle = [...window.chunks(starts[5000])].map((chunk) => chunk.text).join('');
      assert.equal(fromMiddle, readFileSync(file).subarray(starts[5000]).toString('utf8'));
    });
  });

  it('finds the first event after a sequence number, at every kind of position', () => {
    withWindow((window) => {
      for (const after of [0, 1, 2, 249, 250, 251, 1377, 5000, 9999, written.length - 1, written.length, written.length + 5]) {
        const expected = after < written.length ? starts[after] : window.end;
        assert.equal(window.firstLineWhere((event) => event.seq > after), expected, `after seq ${after}`);
      }
    });
  });

  it('finds the first event at or after a time', () => {
    withWindow((window) => {
      for (const minute of [0, 1, 5, 6, 18, 39, 40]) {
        const from = new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();
        const index = written.findIndex((event) => event.time >= from);
        assert.equal(window.firstLineWhere((event) => event.time >= from), index < 0 ? window.end : starts[index], `minute ${minute}`);
      }
    });
  });

  it('finds where the last N events start, of one stream or all, after a point', () => {
    withWindow((window) => {
      const lastStart = (count: number, fromIndex: number, stream?: string) => {
        const matching = written.map((event, index) => ({ event, index })).filter(({ event, index }) => index >= fromIndex && (!stream || inStream(event.stream, stream)));
        return matching.length < count ? starts[fromIndex] ?? window.end : starts[matching[matching.length - count].index];
      };
      for (const count of [1, 2, 250, 3000]) {
        assert.equal(window.startOfLast(count), lastStart(count, 0), `last ${count}`);
        assert.equal(window.startOfLast(count, 0, 'branches'), lastStart(count, 0, 'branches'), `last ${count} of branches`);
        assert.equal(window.startOfLast(count, starts[9000], 'branches:ref1'), lastStart(count, 9000, 'branches:ref1'), `last ${count} of branches:ref1 after 9000`);
      }
      assert.equal(window.startOfLast(written.length + 1), 0);
    });
  });

  it('ends at the last complete line: a line being written is not in it', () => {
    appendFileSync(file, '{"v":1,"seq":99999,"time":"20');
    try {
      withWindow((window) => {
        assert.equal(window.tornBytes, '{"v":1,"seq":99999,"time":"20'.length);
        assert.equal(window.firstLineWhere((event) => event.seq > written.length), window.end);
        assert.equal(window.startOfLast(1), starts[written.length - 1]);
        assert.equal([...window.chunks()].map((chunk) => chunk.text).join('').split('\n').length - 1, written.length);
      });
    } finally {
      const bytes = readFileSync(file);
      // Take the torn line off again for the other cases.
      rmSync(file);
      appendFileSync(file, bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1));
    }
  });

  it('counts lines up to an offset, for error messages', () => {
    withWindow((window) => {
      assert.equal(window.lineNumberAt(0), 1);
      assert.equal(window.lineNumberAt(starts[7777]), 7778);
    });
  });

  it('opens no journal as undefined', () => {
    assert.equal(JournalWindow.open(path.join(directory, 'missing.jsonl')), undefined);
  });
});
