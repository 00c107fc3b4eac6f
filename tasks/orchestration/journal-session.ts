/**
 * A run's view of the journal: the fold as of the last append, kept up to date incrementally, and
 * every event the run appended. Only used while the operation lock is held, so nobody else writes
 * machine events meanwhile (plain appends from other tools are picked up by `refresh`).
 */
import { foldEvents, type FoldState } from '../../machines/journal/fold.js';
import type { JournalEvent, NewEvent } from '../../machines/journal/journal-event.js';
import { viewOf, type StreamView } from '../../machines/journal/state-view.js';
import { kindOf } from '../../machines/journal/stream-kinds.js';
import type { JournalStore } from '../journal/journal-store.js';
import type { Outcome } from './orchestration-types.js';
import { atStepBoundary } from './fault-hook.js';

/** The fold and the appends of one run. */
export class JournalSession {
  fold: FoldState;
  private end: number;
  readonly appended: JournalEvent[] = [];

  constructor(readonly journal: JournalStore) {
    const replay = journal.replay();
    this.fold = replay.fold;
    this.end = replay.end;
  }

  /** Folds anything appended since the last look (by other writers). */
  refresh(): void {
    const read = this.journal.read({ from: this.end });
    this.fold = foldEvents(read.events, this.fold);
    this.end = read.end;
  }

  /**
   * Appends a batch and folds it. Each batch is a step boundary (see fault-hook.ts). `durable:
   * false` skips the flush to disk (a kill of this process still loses nothing; the next durable
   * append flushes it): for an operation's many step records.
   */
  append(events: NewEvent[], options: { durable?: boolean } = {}): JournalEvent[] {
    if (events.length === 0) return [];
    const written = this.journal.append(events, options);
    // Fold from the file rather than from `written`, so lines anyone else appended are not skipped.
    this.refresh();
    this.appended.push(...written);
    atStepBoundary();
    return written;
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
