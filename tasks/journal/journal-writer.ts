/**
 * Appending to the journal. Under the append lock, each batch: repairs a torn last line left by a
 * writer that died mid-write, reads the last sequence number, writes all its lines with one
 * write() and flushes them (fdatasync) before the lock is released. So lines from two processes
 * never interleave, sequence numbers have no gaps, and an event that append returned is on disk.
 */
import { closeSync, constants, fdatasyncSync, fstatSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { JOURNAL_SCHEMA_VERSION, decodeEvent, encodeEvent, type JournalEvent, type NewEvent } from '../../machines/journal/journal-event.js';
import { FileLock } from './file-lock.js';
import type { JournalPaths } from './journal-paths.js';

/** Options of an append. */
export interface AppendOptions {
  /** How long to wait for another writer (default 10 s). */
  lockTimeoutMs?: number;
  /** The clock (tests pin it). */
  now?: () => Date;
  /** A label for the lock file, shown to whoever waits. */
  label?: string;
  /**
   * false: written (every reader sees it, and it survives a kill of this process) but not flushed
   * to the disk before returning; the next durable append flushes it with its own lines. For the
   * many small step records of an operation, whose run ends with a durable append anyway.
   */
  durable?: boolean;
  /**
   * Told where the batch's lines lie in the file (byte offsets before and after them), so a reader
   * that had read up to `from` knows the batch is all that is new (journal-session.ts).
   */
  onWritten?: (from: number, to: number) => void;
}

const NEWLINE = 0x0a;
const TAIL_CHUNK = 64 * 1024;

// What this process last saw at the end of each journal, so an uncontended append need not read.
const lastSeen = new Map<string, { ino: number; size: number; seq: number }>();

/** Appends events as one batch and returns them as written (with v, seq and time). */
export function appendEvents(paths: JournalPaths, events: readonly NewEvent[], options: AppendOptions = {}): JournalEvent[] {
  if (events.length === 0) return [];
  mkdirSync(path.dirname(paths.journal), { recursive: true });
  const lock = new FileLock(paths.appendLock);
  lock.acquireSync(options.lockTimeoutMs ?? 10_000, options.label);
  try {
    const fd = openSync(paths.journal, constants.O_RDWR | constants.O_CREAT | constants.O_APPEND, 0o644);
    try {
      const stat = fstatSync(fd);
      const known = lastSeen.get(paths.journal);
      let size = stat.size;
      let lastSeq: number;
      if (known && known.ino === stat.ino && known.size === size) {
        lastSeq = known.seq;
      } else {
        ({ size, lastSeq } = repairAndReadTail(fd, size));
      }
      const time = (options.now?.() ?? new Date()).toISOString();
      const written = events.map((event, index) => ({
        v: JOURNAL_SCHEMA_VERSION,
        seq: lastSeq + index + 1,
        time,
        stream: event.stream,
        type: event.type,
        data: event.data ?? {},
      }));
      const buffer = Buffer.from(written.map((event) => encodeEvent(event) + '\n').join(''), 'utf8');
      try {
        for (let offset = 0; offset < buffer.length; ) offset += writeSync(fd, buffer, offset, buffer.length - offset);
        if (options.durable !== false) fdatasyncSync(fd);
      } catch (error) {
        throw abandonBatch(fd, size, paths.journal, error);
      }
      // A new file's directory entry must reach the disk too, or a crash can lose the whole file.
      if (size === 0 && options.durable !== false) syncDirectory(path.dirname(paths.journal));
      lastSeen.set(paths.journal, { ino: stat.ino, size: size + buffer.length, seq: lastSeq + written.length });
      options.onWritten?.(size, size + buffer.length);
      return written;
    } finally {
      closeSync(fd);
    }
  } finally {
    lock.release();
  }
}

/**
 * A batch that could not be written whole (a full disk, a quota) is taken back: the file is cut
 * to where it ended before, so the journal never holds part of a batch, nor a torn line for the
 * next writer to find. The error gets the journal's path, which write() errors lack, so the user
 * is told which disk is full.
 */
function abandonBatch(fd: number, size: number, journal: string, error: unknown): unknown {
  try {
    ftruncateSync(fd, size);
  } catch {
    // The next append repairs a torn last line anyway (repairAndReadTail).
  }
  const errno = error as NodeJS.ErrnoException;
  if (errno instanceof Error && errno.path === undefined) errno.path = journal;
  return error;
}

/** Flushes a directory's entries (a file created or renamed in it) to the disk, where the platform allows. */
export function syncDirectory(directory: string): void {
  try {
    const fd = openSync(directory, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not every platform can open or flush a directory (Windows); the file itself is flushed.
  }
}

/**
 * Makes the file end on a complete line (cutting off a torn one) and returns its size and last
 * sequence number. A torn line can only be the last one: every writer repairs before writing.
 */
function repairAndReadTail(fd: number, size: number): { size: number; lastSeq: number } {
  let end = size;
  if (size > 0 && readRange(fd, size - 1, size)[0] !== NEWLINE) {
    end = lastNewlineBefore(fd, size) + 1;
    ftruncateSync(fd, end);
  }
  if (end === 0) return { size: 0, lastSeq: 0 };
  const start = lastNewlineBefore(fd, end - 1) + 1;
  return { size: end, lastSeq: decodeEvent(readRange(fd, start, end - 1).toString('utf8'), -1).seq };
}

/** The offset of the last newline before `limit`, or -1; reads backwards in chunks. */
function lastNewlineBefore(fd: number, limit: number): number {
  for (let to = limit; to > 0; ) {
    const from = Math.max(0, to - TAIL_CHUNK);
    const at = readRange(fd, from, to).lastIndexOf(NEWLINE);
    if (at >= 0) return from + at;
    to = from;
  }
  return -1;
}

function readRange(fd: number, from: number, to: number): Buffer {
  const buffer = Buffer.alloc(to - from);
  for (let offset = 0; offset < buffer.length; ) {
    const read = readSync(fd, buffer, offset, buffer.length - offset, from + offset);
    if (read === 0) break;
    offset += read;
  }
  return buffer;
}
