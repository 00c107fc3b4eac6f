/**
 * One project's journal: where it is, appending, reading and replaying. Handlers and the
 * orchestration layer hold one of these; `supabase events` uses journal-reader.ts directly.
 */
import { statSync } from 'node:fs';
import { journalPaths, journalPathsIn, type JournalPaths } from './journal-paths.js';
import { appendEvents, type AppendOptions } from './journal-writer.js';
import { isNoJournal, readJournal, type JournalRead, type ReadOptions } from './journal-reader.js';
import { replayAfter, replayJournal, type Replay, type ReplayOptions } from './replay.js';
import type { JournalEvent, NewEvent } from '../../machines/journal/journal-event.js';

/** A project's journal. */
export class JournalStore {
  // This store's last replay and the file it read (its inode): the journal only grows, so a later
  // replay folds just the lines appended since. A command replays several times (the stack's state
  // first, then its operation's session, then the outcome) and need not read and prove it each time.
  private last?: { ino: number; replay: Replay };

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

  /**
   * Folds the journal: after this store's last replay when the file is still the one it read (same
   * inode, no shorter), else using the verified snapshot cache when it matches.
   */
  replay(options: ReplayOptions = {}): Replay {
    const file = journalStat(this.paths.journal);
    const last = this.last;
    const replay = options.useCache !== false && last && file && file.ino === last.ino && file.size >= last.replay.end
      ? replayAfter(this.paths, last.replay)
      : replayJournal(this.paths, options);
    this.last = file ? { ino: file.ino, replay } : undefined;
    return replay;
  }
}

/** The journal file's inode and size, or undefined when there is none (no file, or .temp is a file). */
function journalStat(file: string): { ino: number; size: number } | undefined {
  try {
    return statSync(file);
  } catch (error) {
    if (isNoJournal(error)) return undefined;
    throw error;
  }
}
