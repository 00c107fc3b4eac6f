/**
 * Reading the journal. Readers take no lock: a line is only counted once its newline is on disk,
 * so a line being written (or torn by a writer that died) is simply not there yet. Kept free of
 * xstate and listr2 so `supabase events` stays light.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { decodeEvent, inStream, type JournalEvent } from '../../machines/journal/journal-event.js';

/** What a read found. */
export interface JournalRead {
  events: JournalEvent[];
  /** Byte offset just after the last complete line: where the next read starts. */
  end: number;
  /** Bytes after `end` that do not end in a newline (a torn or in-progress last line). */
  tornBytes: number;
}

/** Options of a read. */
export interface ReadOptions {
  /** Start at this byte offset (the `end` of an earlier read). */
  from?: number;
  /** Only events of this stream (and of the streams under `name:`); other lines are not parsed. */
  stream?: string;
}

const NEWLINE = 0x0a;
const STREAM_KEY = '"stream":"';

/** Reads the complete lines of the journal; a missing journal reads as empty. */
export function readJournal(file: string, options: ReadOptions = {}): JournalRead {
  const from = options.from ?? 0;
  const bytes = readFrom(file, from);
  if (!bytes) return { events: [], end: from, tornBytes: 0 };
  return parseJournal(bytes, from, options.stream);
}

/** Parses journal bytes that start at byte offset `base` of the file (a line boundary). */
export function parseJournal(bytes: Buffer, base: number, stream?: string): JournalRead {
  const lines = journalLines(bytes, base, stream);
  return { events: [...lines.events], end: lines.end, tornBytes: lines.tornBytes };
}

/**
 * The events of journal bytes, decoded one at a time as they are consumed, so a fold can drop
 * each event as soon as it is applied (a replay of 100,000 events then never holds them all).
 */
export function journalLines(bytes: Buffer, base: number, stream?: string): { events: Iterable<JournalEvent>; end: number; tornBytes: number } {
  const complete = bytes.lastIndexOf(NEWLINE) + 1;
  const text = bytes.toString('utf8', 0, complete);
  return { events: decodeLines(text, stream), end: base + complete, tornBytes: bytes.length - complete };
}

function* decodeLines(text: string, stream: string | undefined): Generator<JournalEvent> {
  let lineNumber = 0;
  for (let start = 0; start < text.length; ) {
    let newline = text.indexOf('\n', start);
    if (newline < 0) newline = text.length;
    lineNumber += 1;
    if (newline > start && (!stream || lineInStream(text, start, newline, stream))) {
      yield decodeEvent(text.slice(start, newline), lineNumber);
    }
    start = newline + 1;
  }
}

/**
 * Whether a line is about the stream, read from the text without parsing it: the writer always
 * puts `"stream"` before `"data"`, so the first occurrence of the key is the envelope's.
 */
function lineInStream(text: string, start: number, end: number, stream: string): boolean {
  const at = text.indexOf(STREAM_KEY, start);
  if (at < 0 || at >= end) return true; // not our layout: let decoding decide
  const valueStart = at + STREAM_KEY.length;
  const valueEnd = text.indexOf('"', valueStart);
  return inStream(text.slice(valueStart, valueEnd), stream);
}

/** The file's bytes from an offset, or undefined when it does not exist. */
export function readFrom(file: string, from: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.allocUnsafe(Math.max(0, size - from));
    let offset = 0;
    while (offset < buffer.length) {
      const read = readSync(fd, buffer, offset, buffer.length - offset, from + offset);
      if (read === 0) break;
      offset += read;
    }
    return buffer.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}
