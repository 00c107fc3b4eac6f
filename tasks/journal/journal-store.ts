/**
 * One project's journal: where it is, appending, reading and replaying. Handlers and the
 * orchestration layer hold one of these; `supabase events` uses journal-reader.ts directly.
 */
import { journalPaths, journalPathsIn, type JournalPaths } from './journal-paths.js';
import { appendEvents, type AppendOptions } from './journal-writer.js';
import { readJournal, type JournalRead, type ReadOptions } from './journal-reader.js';
import { replayJournal, type Replay, type ReplayOptions } from './replay.js';
import type { JournalEvent, NewEvent } from '../../machines/journal/journal-event.js';

/** A project's journal. */
export class JournalStore {
  constructor(readonly paths: JournalPaths) {}

  /** The journal of the project at projectRoot (supabase/.temp/events.jsonl). */
  static forProject(projectRoot: string): JournalStore {
    return new JournalStore(journalPaths(projectRoot));
  }

  /** A journal kept in a directory of its own (tests, benches). */
  static inDirectory(directory: string): JournalStore {
    return new JournalStore(journalPathsIn(directory));
  }

  /** Appends events as one batch: locked, flushed, sequence numbers without gaps. */
  append(events: readonly NewEvent[], options?: AppendOptions): JournalEvent[] {
    return appendEvents(this.paths, events, options);
  }

  /** Reads complete lines (a torn last line is left out). */
  read(options?: ReadOptions): JournalRead {
    return readJournal(this.paths.journal, options);
  }

  /** Folds the journal, using the verified snapshot cache when it matches. */
  replay(options?: ReplayOptions): Replay {
    return replayJournal(this.paths, options);
  }
}
