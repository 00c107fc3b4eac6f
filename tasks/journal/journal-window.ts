/**
 * Random access to the journal's complete lines, for readers that must not load all of it: find
 * where to start (by sequence number or time, by binary search, since both only grow down the
 * file; or the last N lines, read backwards), then read forward in chunks of whole lines. Memory
 * stays the same whatever the journal's size. Like every reader it takes no lock: the window ends
 * at the last newline there was when it was opened, so a line being written is not in it.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { MalformedLineError, type JournalEvent } from '../../machines/journal/journal-event.js';
import { JournalTextDecoder } from '../../machines/journal/line-scanner.js';

const NEWLINE = 0x0a;
/** Bytes read at a time, forward or backward: small enough that each part's garbage stays small (peak memory of a 300k-event listing 130 -> 76 MiB against 256 KiB). */
const CHUNK = 64 * 1024;
const PROBE = 4 * 1024;

/** What a line without an event reads as in a search: sequence 0 at no time. */
const NO_EVENT: JournalEvent = { v: 0, seq: 0, time: '', stream: '', type: '', data: {} };

/** A chunk of whole lines, as text, and the byte offset where it starts. */
export interface JournalChunk {
  text: string;
  start: number;
}

/** An open journal, up to its last complete line. */
export class JournalWindow {
  /** Byte offset just after the last complete line. */
  readonly end: number;
  /** Bytes after `end` (a torn or in-progress last line). */
  readonly tornBytes: number;
  /** Complete lines met so far that are not events: passed over, for the journal's owner to set aside (damaged-lines.ts). */
  damagedLines = 0;

  // Whether the line the last decode() looked at was not an event.
  private lastDamaged = false;
  private readonly allStreams = this.decoderFor();

  private constructor(
    private readonly fd: number,
    size: number,
  ) {
    this.end = this.lastNewlineBefore(size) + 1;
    this.tornBytes = size - this.end;
  }

  /** A decoder of this journal's lines (of one stream, when given) that passes over, and counts, lines that are not events. */
  decoderFor(stream?: string): JournalTextDecoder {
    return new JournalTextDecoder({ stream }).onDamaged(() => {
      this.damagedLines += 1;
      this.lastDamaged = true;
    });
  }

  /** Opens the journal; undefined when there is none. */
  static open(file: string): JournalWindow | undefined {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
    try {
      return new JournalWindow(fd, fstatSync(fd).size);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  /**
   * The start of the first line whose event passes `test`, or `end` when none does. `test` must
   * be false for a stretch of lines and then true (as `seq > n` or `time >= t` are in a journal).
   */
  firstLineWhere(test: (event: JournalEvent) => boolean, from = 0): number {
    let low = from;
    let high = this.end;
    while (low < high) {
      let start = this.lineStartFrom(low + Math.floor((high - low) / 2));
      if (start >= high) start = low;
      const { event, next } = this.eventAt(start);
      if (test(event)) high = start;
      else low = next;
    }
    return low;
  }

  /**
   * The start of the `count`-th line from the end (of those in `stream`, when given) that is at or
   * after `from` (a line start); `from` itself when there are fewer.
   */
  startOfLast(count: number, from = 0, stream?: string): number {
    // The stream's decoder reads a line's stream without parsing the data of other streams' lines.
    const decoder = this.decoderFor(stream);
    let found = 0;
    for (const [start, line] of this.linesBackwards(from)) {
      if (line.length <= 1) continue;
      // Lines of other streams, and lines that are not events, do not count.
      if (this.decode(decoder, start, line.toString('utf8', 0, line.length - 1)) === undefined) continue;
      found += 1;
      if (found === count) return start;
    }
    return from;
  }

  /** Whole lines from `from` (a line start) to the end, a chunk at a time. */
  *chunks(from = 0): Generator<JournalChunk> {
    for (let start = from; start < this.end; ) {
      const bytes = this.read(start, Math.min(this.end, start + CHUNK));
      let complete = bytes.lastIndexOf(NEWLINE) + 1;
      // A line longer than a chunk: read on until its newline.
      if (complete === 0) complete = this.lineStartFrom(start + 1) - start;
      const text = complete === bytes.length ? bytes.toString('utf8') : this.read(start, start + complete).toString('utf8');
      yield { text, start };
      start += complete;
    }
  }

  /** The line number (from 1) of the line starting at `offset`; reads everything before it. */
  lineNumberAt(offset: number): number {
    let lines = 1;
    for (let start = 0; start < offset; start += CHUNK) {
      const bytes = this.read(start, Math.min(offset, start + CHUNK));
      for (let at = bytes.indexOf(NEWLINE); at >= 0; at = bytes.indexOf(NEWLINE, at + 1)) lines += 1;
    }
    return lines;
  }

  /**
   * The event of the line starting at `start`, and where the next line starts. A line that is not
   * an event stands for none: the event is the next line's, so a search neither stops at it nor
   * passes over the lines between it and where it should stop.
   */
  private eventAt(start: number): { event: JournalEvent; next: number } {
    for (let at = start; at < this.end; ) {
      const next = this.lineStartFrom(at + 1);
      const event = this.decode(this.allStreams, at, this.read(at, next - 1).toString('utf8'));
      // An empty line reads as sequence 0 at no time, so searches pass it.
      if (!this.lastDamaged) return { event: event ?? NO_EVENT, next };
      at = next;
    }
    return { event: NO_EVENT, next: this.end };
  }

  /** The event of the line at `start` with this text, if the decoder keeps it; errors name the line. */
  private decode(decoder: JournalTextDecoder, start: number, line: string): JournalEvent | undefined {
    this.lastDamaged = false;
    try {
      return decoder.decodeAll(line)[0];
    } catch (error) {
      if (error instanceof MalformedLineError) throw new MalformedLineError(this.lineNumberAt(start), error.reason);
      throw error;
    }
  }

  /** The lines before the end down to `from` (a line start), last first: each one's start and bytes, newline included. */
  private *linesBackwards(from: number): Generator<[number, Buffer]> {
    // Bytes from `bufferStart` up to the line being looked at; grown backwards a chunk at a time.
    let buffer = Buffer.alloc(0);
    let bufferStart = this.end;
    for (let end = this.end; end > from; ) {
      // The newline that ends the line before this one, searched for before this line's own newline.
      const searchFrom = end - 2 - bufferStart;
      const at = searchFrom >= 0 ? buffer.lastIndexOf(NEWLINE, searchFrom) : -1;
      if (at >= 0) {
        yield [bufferStart + at + 1, buffer.subarray(at + 1, end - bufferStart)];
        end = bufferStart + at + 1;
      } else if (bufferStart <= from) {
        yield [from, buffer.subarray(from - bufferStart, end - bufferStart)];
        return;
      } else {
        const start = Math.max(from, bufferStart - CHUNK);
        buffer = Buffer.concat([this.read(start, bufferStart), buffer.subarray(0, end - bufferStart)]);
        bufferStart = start;
      }
    }
  }

  /** The first line start at or after `offset` (0, or just after a newline); `end` when there is none. */
  private lineStartFrom(offset: number): number {
    if (offset <= 0) return 0;
    for (let start = offset - 1; start < this.end; start += PROBE) {
      const bytes = this.read(start, Math.min(this.end, start + PROBE));
      const at = bytes.indexOf(NEWLINE);
      if (at >= 0) return start + at + 1;
    }
    return this.end;
  }

  /** The offset of the last newline before `limit`, or -1. */
  private lastNewlineBefore(limit: number): number {
    for (let to = limit; to > 0; ) {
      const from = Math.max(0, to - PROBE);
      const at = this.read(from, to).lastIndexOf(NEWLINE);
      if (at >= 0) return from + at;
      to = from;
    }
    return -1;
  }

  private read(from: number, to: number): Buffer {
    const buffer = Buffer.allocUnsafe(Math.max(0, to - from));
    let offset = 0;
    while (offset < buffer.length) {
      const read = readSync(this.fd, buffer, offset, buffer.length - offset, from + offset);
      if (read === 0) break;
      offset += read;
    }
    return buffer.subarray(0, offset);
  }
}

