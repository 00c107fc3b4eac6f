/**
 * One project's journal: where it is, appending, reading and replaying. Handlers and the
 * orchestration layer hold one of these; `supabase events` uses journal-reader.ts directly.
 * A line found not to be an event is set aside (damaged-lines.ts) and the work done again on
 * the journal without it, with one warning; whoever sets it aside warns, so a command says it once.
 */
import { MalformedLineError, type JournalEvent, type NewEvent } from '../../machines/journal/journal-event.js';
import { setAsideDamagedLines, setAsideWarning } from './damaged-lines.js';
import { journalPaths, journalPathsIn, type JournalPaths } from './journal-paths.js';
import { appendEvents, type AppendOptions } from './journal-writer.js';
import { readJournal, withOpenJournal, type JournalRead, type ReadOptions } from './journal-reader.js';
import { emptyReplay, replayAfter, replayOpen, type Replay, type ReplayOptions } from './replay.js';

/** How a store tells its user about the journal. */
export interface StoreOptions {
  /** Where the warning about lines set aside goes, one line without its newline (default: stderr). */
  warn?: (line: string) => void;
  /** Told of each replay, one line (`--debug`): a command should replay its journal once. */
  debug?: (line: string) => void;
}

/** A project's journal. */
export class JournalStore {
  // This store's last replay and the file it read (its inode): the journal only grows, so a later
  // replay folds just the lines appended since. A command replays several times (the stack's state
  // first, then its operation's session, then the outcome) and need not read and prove it each time.
  private last?: { ino: number; replay: Replay };

  constructor(
    readonly paths: JournalPaths,
    private readonly options: StoreOptions = {},
  ) {}

  /** The journal of the project at projectRoot (supabase/.temp/events.jsonl). */
  static forProject(projectRoot: string, options?: StoreOptions): JournalStore {
    return new JournalStore(journalPaths(projectRoot), options);
  }

  /** A journal kept in a directory of its own (tests, benches, the hosted commands outside a project). */
  static inDirectory(directory: string, options?: StoreOptions): JournalStore {
    return new JournalStore(journalPathsIn(directory), options);
  }

  /** Appends events as one batch: locked, flushed, sequence numbers without gaps. */
  append(events: readonly NewEvent[], options?: AppendOptions): JournalEvent[] {
    try {
      return appendEvents(this.paths, events, options);
    } catch (error) {
      // The last line, read for its sequence number, is not an event: nothing was written yet.
      if (!(error instanceof MalformedLineError) || error.newerFormat || this.setAsideDamage() === 0) throw error;
      return appendEvents(this.paths, events, options);
    }
  }

  /** Reads complete lines (a torn last line is left out; lines that are not events are set aside). */
  read(options?: ReadOptions): JournalRead {
    const read = readJournal(this.paths.journal, options);
    return read.damagedLines > 0 && this.setAsideDamage() > 0 ? readJournal(this.paths.journal, options) : read;
  }

  /**
   * Folds the journal: after this store's last replay when the file is still the one it read (same
   * inode, no shorter), else using the verified snapshot cache when it matches.
   */
  replay(options: ReplayOptions = {}): Replay {
    const first = this.replayOnce(options);
    const replay = first.damagedLines > 0 && this.setAsideDamage() > 0 ? this.replayOnce(options) : first;
    this.options.debug?.(`journal: replayed ${replay.fold.count} events (${replay.foldedEvents} folded now)`);
    return replay;
  }

  /**
   * Sets aside the journal's lines that are not events and warns once about them; returns how many
   * there were (0 when another process set them aside first). Readers that met such a line call it.
   */
  setAsideDamage(): number {
    const lines = setAsideDamagedLines(this.paths);
    // The journal is a new file now: what this store read of the old one describes that one.
    this.last = undefined;
    if (lines.length > 0) (this.options.warn ?? ((line) => process.stderr.write(`${line}\n`)))(setAsideWarning(this.paths, lines));
    return lines.length;
  }

  private replayOnce(options: ReplayOptions): Replay {
    // The inode is checked and the bytes read through one descriptor: the file may be replaced.
    const replay = withOpenJournal(this.paths.journal, (journal) => {
      const last = this.last;
      const replay = options.useCache !== false && last && journal.ino === last.ino && journal.size >= last.replay.end
        ? replayAfter(journal, last.replay)
        : replayOpen(this.paths, journal, options);
      this.last = { ino: journal.ino, replay };
      return replay;
    });
    if (!replay) this.last = undefined;
    return replay ?? emptyReplay();
  }
}
