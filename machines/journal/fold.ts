/**
 * The fold: the state of every stream is its events, in journal order, stepped through its
 * machine. Pure over arrays of events; the result is plain JSON, so it can be cached and checked.
 */
import { stepWith, type EventSource, type LiteSnapshot } from './compile.js';
import type { JournalEvent, MachineEvent } from './journal-event.js';
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
export function foldEvents(events: Iterable<FoldableEvent>, start: FoldState = emptyFold()): FoldState {
  const folder = new Folder(start);
  for (const event of events) folder.add(event);
  return folder.result();
}

/** What the fold reads of an event; a FoldDecoder also supplies the machine event, built once. */
export type FoldableEvent = Pick<JournalEvent, 'seq' | 'stream' | 'type' | 'data'> & { machineEvent?: MachineEvent };

/** A stream touched by the fold in progress: its copied fold and its kind. */
interface TouchedStream {
  fold: StreamFold;
  kind: StreamKind | undefined;
}

/**
 * A fold in progress, fed one event at a time (a replay hands each event over as it is decoded,
 * so no list of events is built). The start state is never changed.
 */
export class Folder implements EventSource {
  private readonly streams: Record<string, StreamFold>;
  // Streams touched by this fold, copied on first touch (snapshots are immutable, only containers
  // are copied), with their kind looked up once: one Map lookup per event on the hot path.
  private readonly touched = new Map<string, TouchedStream>();
  private lastSeq: number;
  private count: number;
  // The event being folded, and its machine event once a guard or an update asked for it.
  private current: FoldableEvent | undefined;
  private currentMachineEvent: MachineEvent | undefined;

  constructor(start: FoldState = emptyFold()) {
    this.streams = { ...start.streams };
    this.lastSeq = start.lastSeq;
    this.count = start.count;
  }

  /** Folds one event (skipped when it is not past the fold's lastSeq). */
  add(event: FoldableEvent): void {
    if (event.seq <= this.lastSeq) return;
    this.lastSeq = event.seq;
    this.count += 1;
    let entry = this.touched.get(event.stream);
    if (!entry) entry = this.touch(event.stream);
    entry.fold.count += 1;
    entry.fold.lastSeq = event.seq;
    const kind = entry.kind;
    if (!kind) return;
    this.current = event;
    this.currentMachineEvent = undefined;
    if (kind.machine) {
      const before = entry.fold.machine ?? kind.machine.initial;
      entry.fold.machine = stepWith(kind.machine.table.get(before.value)?.get(event.type), before, this);
    }
    if (kind.keyed && kind.keyField) {
      const key = event.data[kind.keyField];
      if (typeof key === 'string' || typeof key === 'number') {
        const instances = (entry.fold.instances ??= {});
        const before = instances[key] ?? kind.keyed.initial;
        instances[key] = stepWith(kind.keyed.table.get(before.value)?.get(event.type), before, this);
      }
    }
  }

  /** The machine event of the event being folded: its data with its type. */
  machineEvent(): MachineEvent {
    if (this.currentMachineEvent) return this.currentMachineEvent;
    const event = this.current as FoldableEvent;
    this.currentMachineEvent = event.machineEvent ?? { ...event.data, type: event.type };
    return this.currentMachineEvent;
  }

  /** The state after every event added so far. */
  result(): FoldState {
    return { lastSeq: this.lastSeq, count: this.count, streams: this.streams };
  }

  private touch(stream: string): TouchedStream {
    const before = this.streams[stream];
    const fold: StreamFold = before ? { ...before, instances: before.instances && { ...before.instances } } : { count: 0, lastSeq: 0 };
    this.streams[stream] = fold;
    const entry = { fold, kind: kindOf(stream) };
    this.touched.set(stream, entry);
    return entry;
  }
}

/** The snapshot of a stream (key undefined) or of an instance in it; undefined when nothing was recorded. */
export function snapshotOf(fold: FoldState, stream: string, key?: string): LiteSnapshot | undefined {
  const entry = fold.streams[stream];
  return key === undefined ? entry?.machine : entry?.instances?.[key];
}
