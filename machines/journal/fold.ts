/**
 * The fold: the state of every stream is its events, in journal order, stepped through its
 * machine. Pure over arrays of events; the result is plain JSON, so it can be cached and checked.
 */
import { stepWith, type LiteSnapshot } from './compile.js';
import type { JournalEvent } from './journal-event.js';
import { kindOf, type StreamKind } from './stream-kinds.js';

/** What the fold knows about one stream. */
export interface StreamFold {
  /** The stream machine's snapshot (absent when the kind has none or no event reached it). */
  machine?: LiteSnapshot;
  /** Keyed instances by key (service name, branch id, migration version). */
  instances?: Record<string, LiteSnapshot>;
  /** Events seen on the stream, and the sequence of the last one. */
  count: number;
  lastSeq: number;
}

/** The fold of a journal, up to `lastSeq`. */
export interface FoldState {
  lastSeq: number;
  /** Events folded (the journal's sequence has no gaps, so this equals lastSeq for a whole journal). */
  count: number;
  streams: Record<string, StreamFold>;
}

/** The fold of an empty journal. */
export function emptyFold(): FoldState {
  return { lastSeq: 0, count: 0, streams: {} };
}

/**
 * Folds events onto a starting state (empty by default) and returns the new state; the input is
 * not changed. Events at or below the start's lastSeq are skipped, so replaying an overlap is safe.
 */
export function foldEvents(events: Iterable<JournalEvent>, start: FoldState = emptyFold()): FoldState {
  const streams: Record<string, StreamFold> = { ...start.streams };
  // Streams touched by this fold, copied on first touch (snapshots are immutable, only containers
  // are copied), with their kind looked up once: one Map lookup per event on the hot path.
  const touched = new Map<string, { fold: StreamFold; kind: StreamKind | undefined }>();
  let { lastSeq, count } = start;
  for (const event of events) {
    if (event.seq <= lastSeq) continue;
    lastSeq = event.seq;
    count += 1;
    let entry = touched.get(event.stream);
    if (!entry) {
      const before = streams[event.stream];
      const fold: StreamFold = before ? { ...before, instances: before.instances && { ...before.instances } } : { count: 0, lastSeq: 0 };
      streams[event.stream] = fold;
      entry = { fold, kind: kindOf(event.stream) };
      touched.set(event.stream, entry);
    }
    entry.fold.count += 1;
    entry.fold.lastSeq = event.seq;
    if (entry.kind) applyToStream(entry.fold, entry.kind, event);
  }
  return { lastSeq, count, streams };
}

/** Steps the stream's machine and, for keyed events, the instance's machine. Mutates `stream`. */
function applyToStream(stream: StreamFold, kind: StreamKind, event: JournalEvent): void {
  if (kind.machine) {
    const before = stream.machine ?? kind.machine.initial;
    stream.machine = stepWith(kind.machine.table.get(before.value)?.get(event.type), before, event.type, event.data);
  }
  if (kind.keyed && kind.keyField) {
    const key = event.data[kind.keyField];
    if (typeof key === 'string' || typeof key === 'number') {
      const instances = (stream.instances ??= {});
      const before = instances[key] ?? kind.keyed.initial;
      instances[key] = stepWith(kind.keyed.table.get(before.value)?.get(event.type), before, event.type, event.data);
    }
  }
}

/** The snapshot of a stream (key undefined) or of an instance in it; undefined when nothing was recorded. */
export function snapshotOf(fold: FoldState, stream: string, key?: string): LiteSnapshot | undefined {
  const entry = fold.streams[stream];
  return key === undefined ? entry?.machine : entry?.instances?.[key];
}
