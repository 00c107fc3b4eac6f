import assert from 'node:assert/strict';
import { foldEvents } from '../../machines/journal/fold.js';
import { JOURNAL_SCHEMA_VERSION, MalformedLineError, decodeEvent, encodeEvent, type JournalEvent } from '../../machines/journal/journal-event.js';
import { FoldDecoder, JournalTextDecoder } from '../../machines/journal/line-scanner.js';

/** What JSON.parse makes of journal text: the reference the fast decoders must agree with. */
function reference(text: string): JournalEvent[] {
  return text
    .split('\n')
    .map((line, index) => (line ? decodeEvent(line, index + 1) : undefined))
    .filter((event): event is JournalEvent => event !== undefined);
}

const awkward = ['plain', 'with "quotes"', 'back\\slash', 'tab\tand\nnewline', 'héllo wörld ✓', '\u0000\u001f', '{"v":1}', '', 'a,"seq":2'];

/** Events whose strings hold everything JSON escapes, at every place of the envelope and data. */
function awkwardEvents(count: number): JournalEvent[] {
  let seed = 7;
  const pick = () => awkward[(seed = (seed * 48271) % 2147483647) % awkward.length];
  return Array.from({ length: count }, (_, index) => ({
    v: JOURNAL_SCHEMA_VERSION,
    seq: index + 1,
    time: index % 5 === 0 ? pick() : '2024-02-03T04:05:06.789Z',
    stream: index % 3 === 0 ? pick() : 'stack',
    type: index % 4 === 0 ? pick() : 'SERVICE_HEALTHY',
    data: index % 2 ? { service: pick(), nested: { list: [pick(), 1, true, null] } } : {},
  }));
}

describe('journal: the fast line decoders', () => {
  it('read what the writer wrote exactly as JSON.parse does, escapes and all', () => {
    const events = awkwardEvents(500);
    const text = events.map((event) => encodeEvent(event) + '\n').join('');
    assert.deepEqual(new JournalTextDecoder().decodeAll(text), events);
    assert.deepEqual(new JournalTextDecoder().decodeAll(text), reference(text));
  });

  it('leave lines in any other layout to JSON.parse: other key order, extra keys, spaces, odd data', () => {
    const lines = [
      '{"seq":1,"v":1,"time":"t","stream":"stack","type":"START","data":{}}',
      '{"v":1,"seq":2,"time":"t","stream":"stack","type":"STARTED","data":{},"extra":true}',
      '{ "v": 1, "seq": 3, "time": "t", "stream": "stack", "type": "STOP", "data": {} }',
      '{"v":1,"seq":4,"time":"t","stream":"stack","type":"STOPPED","data":null}',
      '{"v":1,"seq":5,"time":"t","stream":"stack","type":"STOPPED","data":[1,2]}',
      '{"v":1,"seq":6,"time":"t","stream":"stack","type":"STOPPED"}',
      '{"v":1,"seq":7,"time":"t","stream":"st\\u0061ck","type":"START","data":{"a":"}"}}',
    ];
    const text = lines.join('\n') + '\n';
    const decoded = new JournalTextDecoder().decodeAll(text);
    assert.deepEqual(decoded, reference(text));
    assert.deepEqual(decoded.map((event) => event.seq), [1, 2, 3, 4, 5, 6, 7]);
    assert.equal(decoded[6].stream, 'stack');
  });

  it('refuse what JSON.parse refuses, naming the line: damage, a newer version, a leading zero', () => {
    const good = '{"v":1,"seq":1,"time":"t","stream":"stack","type":"START","data":{}}';
    const bad = [
      '{"v":1,"seq":2,"time":"t","stream":"stack","type":"START","data":{"a":}}',
      `{"v":${JOURNAL_SCHEMA_VERSION + 1},"seq":2,"time":"t","stream":"stack","type":"START","data":{}}`,
      '{"v":1,"seq":02,"time":"t","stream":"stack","type":"START","data":{}}',
      '{"v":1,"seq":2,"time":"t","stream":"stack","type":"START","data":{}}}',
      'garbage',
    ];
    for (const line of bad) {
      for (const decoder of [new JournalTextDecoder(), new FoldDecoder()]) {
        assert.throws(
          () => decoder.decodeAll(`${good}\n\n${line}\n`),
          (error: unknown) => error instanceof MalformedLineError && error.lineNumber === 3,
          line,
        );
      }
    }
  });

  it('keep one stream and the streams under it without parsing the others', () => {
    const text = [
      '{"v":1,"seq":1,"time":"t","stream":"stack","type":"START","data":{}}',
      '{"v":1,"seq":2,"time":"t","stream":"migrations:local","type":"OBSERVED","data":{"version":"1"}}',
      '{"v":1,"seq":3,"time":"t","stream":"stacks","type":"X","data":{broken}',
      '{"v":1,"seq":4,"time":"t","stream":"migrations","type":"Y","data":{}}',
    ].join('\n');
    assert.deepEqual(new JournalTextDecoder({ stream: 'migrations' }).decodeAll(text).map((event) => event.seq), [2, 4]);
    assert.deepEqual(new JournalTextDecoder({ stream: 'stack' }).decodeAll(text).map((event) => event.seq), [1]);
  });

  it('for a fold: share the parts of equal lines, and fold to the same state as decoded events', () => {
    const services = ['db', 'auth', 'rest'];
    const events: JournalEvent[] = [];
    const add = (stream: string, type: string, data: Record<string, unknown> = {}) =>
      events.push({ v: 1, seq: events.length + 1, time: '2024-02-03T04:05:06.789Z', stream, type, data });
    for (let cycle = 0; cycle < 30; cycle++) {
      add('stack', 'START', { ignoreHealthCheck: cycle % 2 === 0, excluded: ['imgproxy'] });
      for (const service of services) add('stack', 'SERVICE_STARTING', { service });
      for (const service of services) add('stack', 'SERVICE_HEALTHY', { service, detail: 'healthy' });
      add('stack', 'STARTED');
      add('migrations:local', 'OBSERVED', { version: String(20240101000000 + cycle), local: true, remote: false });
      add('stack', 'STOP', { backup: cycle % 3 !== 0 });
      add('stack', 'STOPPED');
    }
    const text = events.map((event) => encodeEvent(event) + '\n').join('');
    const inputs = new FoldDecoder().decodeAll(text);
    assert.deepEqual(inputs.map(({ seq, stream, type, data }) => ({ seq, stream, type, data })), events.map(({ seq, stream, type, data }) => ({ seq, stream, type, data })));
    const healthyDb = inputs.filter((input) => input.type === 'SERVICE_HEALTHY' && input.data.service === 'db');
    assert.equal(healthyDb.length, 30);
    assert.ok(healthyDb.every((input) => input.machineEvent === healthyDb[0].machineEvent && input.data === healthyDb[0].data));
    assert.deepEqual(healthyDb[0].machineEvent, { service: 'db', detail: 'healthy', type: 'SERVICE_HEALTHY' });
    assert.deepEqual(foldEvents(inputs), foldEvents(events));
    assert.deepEqual(events[1].data, { service: 'db' }, 'folding leaves the events as they were');
  });
});
