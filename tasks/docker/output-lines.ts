/**
 * A container's output as lines while it runs: the engine's multiplexed log stream split into its
 * stdout and stderr (8-byte frame headers, see container-logs.ts), each cut at newlines, and the
 * last lines of both kept for the report of a failure.
 */
import { Writable } from 'node:stream';
import type Docker from 'dockerode';

export type OutputStream = 'stdout' | 'stderr';

/** One line a container wrote, without its newline. */
export interface OutputLine {
  stream: OutputStream;
  text: string;
}

/** Reads `stream` to its end, handing each complete line to `onLine`; resolves with the last `keep` lines. */
export function followLines(docker: Docker, stream: NodeJS.ReadableStream, onLine: (line: OutputLine) => void, keep = 20): Promise<OutputLine[]> {
  const tail: OutputLine[] = [];
  const emit = (line: OutputLine): void => {
    tail.push(line);
    if (tail.length > keep) tail.shift();
    onLine(line);
  };
  const stdout = lineWriter('stdout', emit);
  const stderr = lineWriter('stderr', emit);
  docker.modem.demuxStream(stream, stdout, stderr);
  const finished = (writer: Writable) => new Promise<void>((resolve) => writer.once('finish', resolve));
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.on('end', () => {
      // Ending the writers hands on a last line that had no newline.
      Promise.all([finished(stdout), finished(stderr)]).then(() => resolve(tail), reject);
      stdout.end();
      stderr.end();
    });
  });
}

/** A sink that cuts what it is given into lines (a line split across chunks is joined first). */
function lineWriter(stream: OutputStream, emit: (line: OutputLine) => void): Writable {
  let pending = '';
  const line = (text: string): void => emit({ stream, text: text.replace(/\r$/, '') });
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        line(pending.slice(0, end));
        pending = pending.slice(end + 1);
      }
      done();
    },
    final(done) {
      if (pending) line(pending);
      pending = '';
      done();
    },
  });
}
