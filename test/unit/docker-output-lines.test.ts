/**
 * A one-shot container's output as lines while it runs (tasks/docker/output-lines.ts): the engine's
 * multiplexed frames split into stdout and stderr, lines cut across frames, each handed on as soon
 * as it is complete, and the last ones kept for a failure's report.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import Docker from 'dockerode';
import { followLines, type OutputLine } from '../../tasks/docker/output-lines.js';

/** One frame as the engine sends it without a TTY: stream (1 stdout, 2 stderr), 0, 0, 0, size. */
function frame(stream: 1 | 2, text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

describe('docker runtime: a container output followed line by line', () => {
  // The client only demultiplexes here; it never connects.
  const docker = new Docker({ socketPath: '/nonexistent.sock' });

  it('hands on each line when it is complete, before the stream ends, from both streams', async () => {
    const stream = new PassThrough();
    const seen: OutputLine[] = [];
    const done = followLines(docker, stream, (line) => seen.push(line));
    stream.write(frame(2, 'ERROR:  permission den'));
    stream.write(frame(1, 'CREATE TABLE\n'));
    await new Promise((resolve) => setImmediate(resolve));
    // The stdout line is complete, the stderr one not yet.
    assert.deepEqual(seen, [{ stream: 'stdout', text: 'CREATE TABLE' }]);
    stream.write(frame(2, 'ied\r\nlast words'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen.at(-1), { stream: 'stderr', text: 'ERROR:  permission denied' });
    stream.end();
    const tail = await done;
    // A last line without a newline still counts.
    assert.deepEqual(seen.at(-1), { stream: 'stderr', text: 'last words' });
    assert.deepEqual(tail, seen);
  });

  it('keeps only the last lines for the report', async () => {
    const stream = new PassThrough();
    const done = followLines(docker, stream, () => undefined, 3);
    for (let index = 1; index <= 5; index += 1) stream.write(frame(1, `line ${index}\n`));
    stream.end();
    assert.deepEqual((await done).map((line) => line.text), ['line 3', 'line 4', 'line 5']);
  });
});
