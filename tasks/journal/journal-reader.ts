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
  /** Complete lines left out because they are not events (the store sets them aside, damaged-lines.ts). */
  damagedLines: number;
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
  if (!bytes) return { events: [], end: from, tornBytes: 0, damagedLines: 0 };
  const lines = completeLines(bytes, from);
  let damagedLines = 0;
  const events = new JournalTextDecoder({ stream: options.stream }).onDamaged(() => (damagedLines += 1)).decodeAll(lines.text);
  return { events, end: lines.end, tornBytes: lines.tornBytes, damagedLines };
}

/**
 * The text of the complete lines of journal bytes that start at byte offset `base` of the file (a
 * line boundary): a line counts once its newline is there.
 */
export function completeLines(bytes: Buffer, base: number): { text: string; end: number; tornBytes: number } {
  const complete = bytes.lastIndexOf(NEWLINE) + 1;
  return { text: bytes.toString('utf8', 0, complete), end: base + complete, tornBytes: bytes.length - complete };
}

/** The journal opened for one look: its size at that moment, and the descriptor to read it by. */
export interface OpenJournal {
  fd: number;
  size: number;
  /** The file's inode: a journal whose damaged lines were set aside is a new file (damaged-lines.ts). */
  ino: number;
}

/**
 * Whether a failure to open or stat the journal means there is none. ENOTDIR: supabase/.temp is a
 * file, so there is no journal (a command that writes one says so).
 */
export function isNoJournal(error: unknown): boolean {
  return ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
}

/** Runs `look` on the journal opened once, or returns undefined when there is no journal. */
export function withOpenJournal<T>(file: string, look: (journal: OpenJournal) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if (isNoJournal(error)) return undefined;
    throw error;
  }
  try {
    const { size, ino } = fstatSync(fd);
    return look({ fd, size, ino });
  } finally {
    closeSync(fd);
  }
}

/** The bytes of the open journal from an offset to its size when opened. */
export function bytesFrom(journal: OpenJournal, from: number): Buffer {
  const buffer = Buffer.allocUnsafe(Math.max(0, journal.size - from));
  const length = readInto(journal.fd, buffer, from);
  return buffer.subarray(0, length);
}

// Reused by every pass over a prefix: a fresh buffer the size of a long journal costs more in
// page faults than reading it (about 20 ms for 4 MB on these machines).
const CHUNK_BYTES = 256 * 1024;
let chunk: Buffer | undefined;

/** Hands bytes [from, to) of the open journal to `take`, a chunk at a time (valid only during the call). */
export function forEachChunk(journal: OpenJournal, from: number, to: number, take: (bytes: Buffer) => void): void {
  chunk ??= Buffer.allocUnsafe(CHUNK_BYTES);
  for (let offset = from; offset < to; ) {
    const length = readSync(journal.fd, chunk, 0, Math.min(CHUNK_BYTES, to - offset), offset);
    if (length === 0) break;
    take(chunk.subarray(0, length));
    offset += length;
  }
}

/** The file's bytes from an offset, or undefined when it does not exist. */
export function readFrom(file: string, from: number): Buffer | undefined {
  return withOpenJournal(file, (journal) => bytesFrom(journal, from));
}

/** Fills `buffer` from the file at `position`, as far as the file goes; returns the bytes read. */
function readInto(fd: number, buffer: Buffer, position: number): number {
  let offset = 0;
  while (offset < buffer.length) {
    const read = readSync(fd, buffer, offset, buffer.length - offset, position + offset);
    if (read === 0) break;
    offset += read;
  }
  return offset;
}
