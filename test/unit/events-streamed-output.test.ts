import assert from 'node:assert/strict';
import { describeSince, parseSince, sinceTest } from '../../cli/events/since-flag.js';
import { JsonArrayStream } from '../../cli/output/json-array-stream.js';
import { StreamingTable, renderTable } from '../../cli/output/table.js';
import type { JournalEvent } from '../../machines/journal/journal-event.js';

const event = (seq: number, time: string): JournalEvent => ({ v: 1, seq, time, stream: 'stack', type: 'START', data: {} });

describe('events --since', () => {
  const now = new Date('2024-05-01T12:00:00.000Z');

  it('reads a sequence number, a UTC time with or without zone, and a duration back from now', () => {
    assert.deepEqual(parseSince('120', now), { afterSeq: 120 });
    assert.deepEqual(parseSince('2024-04-30', now), { fromTime: '2024-04-30T00:00:00.000Z' });
    assert.deepEqual(parseSince('2024-04-30 10:15', now), { fromTime: '2024-04-30T10:15:00.000Z' });
    assert.deepEqual(parseSince('2024-04-30T10:15:30.5Z', now), { fromTime: '2024-04-30T10:15:30.500Z' });
    assert.deepEqual(parseSince('2024-04-30T10:15:00+02:00', now), { fromTime: '2024-04-30T08:15:00.000Z' });
    assert.deepEqual(parseSince('90s', now), { fromTime: '2024-05-01T11:58:30.000Z' });
    assert.deepEqual(parseSince('2h', now), { fromTime: '2024-05-01T10:00:00.000Z' });
    assert.deepEqual(parseSince('7d', now), { fromTime: '2024-04-24T12:00:00.000Z' });
  });

  it('refuses anything else as a usage error that lists the forms', () => {
    for (const bad of ['', 'yesterday', '-5', '2h30m', '2024-13-45', '2024-02-30', '2023-02-29 10:00', '10 minutes']) {
      assert.throws(
        () => parseSince(bad, now),
        (error: Error & { suggestion?: string }) =>
          error.name === 'UsageError' && error.message === `invalid argument "${bad}" for "--since" flag: not a sequence number, a time or a duration` && /90s, 15m, 2h, 7d/.test(error.suggestion ?? ''),
        bad,
      );
    }
  });

  it('is false before the point and true from it on', () => {
    const afterSeq = sinceTest({ afterSeq: 5 });
    assert.deepEqual([4, 5, 6].map((seq) => afterSeq(event(seq, ''))), [false, false, true]);
    const fromTime = sinceTest({ fromTime: '2024-05-01T00:00:00.000Z' });
    assert.deepEqual(['2024-04-30T23:59:59.999Z', '2024-05-01T00:00:00.000Z', '2024-05-01T00:00:00.001Z'].map((time) => fromTime(event(1, time))), [false, true, true]);
    assert.equal(describeSince({ afterSeq: 5 }), 'after event 5');
    assert.equal(describeSince({ fromTime: '2024-05-01T00:00:00.000Z' }), 'since 2024-05-01 00:00:00Z');
  });
});

describe('streamed output', () => {
  const items = [{ a: 1, nested: { list: [1, 2], text: 'two\nlines' } }, { b: [] }, {}, { c: 'é' }];

  it('a JSON array written in parts is the text JSON.stringify gives for all of it', () => {
    for (const split of [0, 1, 3, 4]) {
      const array = new JsonArrayStream();
      const text = array.items(items.slice(0, split)) + array.items([]) + array.items(items.slice(split)) + array.end();
      assert.equal(text, JSON.stringify(items, null, 2) + '\n', `split at ${split}`);
    }
    const empty = new JsonArrayStream();
    assert.equal(empty.items([]) + empty.end(), '[]\n');
  });

  it('a table in one part is the table renderTable draws; later parts widen their columns only', () => {
    const headers = ['SEQ', 'NAME'];
    const rows = [['1', 'a'], ['22', 'bbbbbb']];
    assert.equal(new StreamingTable(headers).rows(rows), '  SEQ | NAME\n  ----|-------\n  1   | a\n  22  | bbbbbb\n');
    assert.equal(renderTable(headers, rows), new StreamingTable(headers).rows(rows));
    const table = new StreamingTable(headers);
    assert.equal(table.rows([['1', 'a']]), '  SEQ | NAME\n  ----|-----\n  1   | a\n');
    assert.equal(table.rows([]), '');
    assert.equal(table.rows([['1000', 'long name']]), '  1000 | long name\n');
    assert.equal(table.rows([['2', 'b']]), '  2    | b\n');
  });
});
