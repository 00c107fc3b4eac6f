/**
 * Reading the journal. Readers take no lock: a line is only counted once its newline is on disk,
 * so a line being written (or torn by a writer that died) is simply not there yet. Kept free of
 * xstate and listr2 so `supabase events` stays light.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { JournalEvent } from '../../machines/journal/journal-event.js';
import { JournalTextDecoder } from '../../machines/journal/line-scanner.js';

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

/** Reads the complete lines of the journal; a missing journal reads as empty. */
export function readJournal(file: string, options: ReadOptions = {}): JournalRead {
  const from = options.from ?? 0;
  const bytes = readFrom(file, from);
  if (!bytes) return { events: [], end: from, tornBytes: 0 };
  const lines = completeLines(bytes, from);
  return { events: new JournalTextDecoder({ stream: options.stream }).decodeAll(lines.text), end: lines.end, tornBytes: lines.tornBytes };
}

/**
 * The text of the complete lines of journal bytes that start at byte offset `base` of the file (a
 * line boundary): a line counts once its newline is there.
 */
export function completeLines(bytes: Buffer, base: number): { text: string; end: number; tornBytes: number } {
  const complete = bytes.lastIndexOf(NEWLINE) + 1;
  return { text: bytes.toString('utf8', 0, complete), end: base + complete, tornBytes: bytes.length - complete };
}

/** The file's bytes from an offset, or undefined when it does not exist. */
export function readFrom(file: string, from: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    // ENOTDIR: supabase/.temp is a file, so there is no journal (a command that writes one says so).
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) return undefined;
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
