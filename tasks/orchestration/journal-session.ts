/**
 * A run's view of the journal: the fold as of the last append, kept up to date incrementally, and
 * every event the run appended. Only used while the operation lock is held, so nobody else writes
 * machine events meanwhile (plain appends from other tools are picked up by `refresh`).
 */
import { Folder, type FoldState } from '../../machines/journal/fold.js';
import { decodeEvent, encodeEvent, type JournalEvent, type NewEvent } from '../../machines/journal/journal-event.js';
import { viewOf, type StreamView } from '../../machines/journal/state-view.js';
import { kindOf } from '../../machines/journal/stream-kinds.js';
import type { JournalStore } from '../journal/journal-store.js';
import type { Outcome } from './orchestration-types.js';
import { atStepBoundary } from './fault-hook.js';

/** The fold and the appends of one run. */
export class JournalSession {
  // One fold in progress for the whole run: each stream is copied once, on its first event, not
  // at every append (a reset of 1,000 migrations would otherwise copy its instances 1,000 times).
  private readonly folder: Folder;
  private current: FoldState;
  private end: number;
  // Events held back to go out with the next append (see `defer`).
  private deferred: NewEvent[] = [];
  readonly appended: JournalEvent[] = [];

  constructor(readonly journal: JournalStore) {
    const replay = journal.replay();
    this.folder = new Folder(replay.fold);
    this.current = this.folder.result();
    this.end = replay.end;
  }

  /** The fold as of now, held-back events included (they are written first). */
  get fold(): FoldState {
    this.flush();
    return this.current;
  }

  /** Folds anything appended since the last look (by other writers). */
  refresh(): void {
    const read = this.journal.read({ from: this.end });
    for (const event of read.events) this.folder.add(event);
    this.current = this.folder.result();
    this.end = read.end;
  }

  /**
   * Appends a batch (after any held-back events) and folds it. Each batch is a step boundary (see
   * fault-hook.ts). `durable: false` skips the flush to disk (a kill of this process still loses
   * nothing; the next durable append flushes it): for an operation's many step records.
   */
  append(events: NewEvent[], options: { durable?: boolean } = {}): JournalEvent[] {
    const batch = this.deferred.length > 0 ? [...this.deferred, ...events] : events;
    if (batch.length === 0) return [];
    this.deferred = [];
    let span: { from: number; to: number } | undefined;
    const written = this.journal.append(batch, { ...options, onWritten: (from, to) => (span = { from, to }) });
    if (span && span.from === this.end) {
      // Nobody wrote since this run last read: the batch is all that is new, folded as the file
      // holds it without reading it back (a reset of 1,000 migrations appends 1,000 times).
      for (const event of written) this.folder.add(decodeEvent(encodeEvent(event), -1));
      this.current = this.folder.result();
      this.end = span.to;
    } else {
      // Fold from the file rather than from `written`, so lines anyone else appended are not skipped.
      this.refresh();
    }
    this.appended.push(...written);
    atStepBoundary();
    return written.slice(written.length - events.length);
  }

  /**
   * Holds events back until the next append or the next look at the fold, whichever comes
   * first: for what a kill may lose because its recovery reads it back from where it lives (a step
   * that ended, a migration that committed with its history row). A run of 1,000 migrations then
   * costs one append per file instead of three.
   */
  defer(events: NewEvent[]): void {
    this.deferred.push(...events);
  }

  /** Writes the held-back events now (not flushed to disk). */
  flush(): void {
    if (this.deferred.length > 0) this.append([], { durable: false });
  }

  /** Where a stream or instance stands now. */
  view(stream: string, key?: string): StreamView {
    return viewOf(this.fold, stream, key);
  }
}

/**
 * The journal event for an outcome: the run's stream by default, with the instance key added for
 * keyed runs so a task need not repeat it.
 */
export function outcomeEvent(outcome: Outcome, stream: string, key?: string): NewEvent {
  const target = outcome.stream ?? stream;
  const data = { ...outcome.data };
  const keyField = kindOf(target)?.keyField;
  if (key !== undefined && target === stream && keyField && data[keyField] === undefined) data[keyField] = key;
  return { stream: target, type: outcome.type, data };
}
