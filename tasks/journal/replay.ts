/**
 * Replaying the journal into the fold, with a derived snapshot cache. The cache holds the fold up
 * to a byte offset plus the SHA-256 of the journal's bytes up to that offset and a fingerprint of
 * the machine definitions: it is used only when the journal still starts with exactly those bytes
 * and the machines are the same, and then only the events after the offset are folded. Anything
 * else (no cache, a different journal, edited machines) means a full replay. Deleting the cache
 * file is always safe.
 */
import { Folder, emptyFold, type FoldState } from '../../machines/journal/fold.js';
import { FoldDecoder } from '../../machines/journal/line-scanner.js';
import { machinesFingerprint } from '../../machines/journal/fingerprint.js';
import { bytesFrom, completeLines, withOpenJournal, type OpenJournal } from './journal-reader.js';
import type { JournalPaths } from './journal-paths.js';
import { proofUpTo, resumeAfter, resumeAtStart, writeCheckpoint, type PrefixProof } from './prefix-checkpoint.js';

/** The result of a replay. */
export interface Replay {
  fold: FoldState;
  /** Byte offset after the last complete line folded. */
  end: number;
  /** Whether a verified cache was used, and how many events were folded on top of it. */
  fromCache: boolean;
  foldedEvents: number;
  tornBytes: number;
  /** Complete lines passed over because they are not events (the store sets them aside, damaged-lines.ts). */
  damagedLines: number;
}

/** Options of a replay. */
export interface ReplayOptions {
  /** Use the cache when it verifies (default true). */
  useCache?: boolean;
  /** Write the cache when at least this many events were folded past it (default 512; Infinity: never). */
  writeCacheAfter?: number;
}

interface CacheFile extends PrefixProof {
  format: 1;
  fingerprint: string;
  fold: FoldState;
}

/**
 * The fold of the open journal, given an earlier replay of the same file (the caller has checked
 * it is the same file, no shorter): only the lines appended since are read and folded.
 */
export function replayAfter(journal: OpenJournal, earlier: Replay): Replay {
  const read = completeLines(bytesFrom(journal, earlier.end), earlier.end);
  const folder = new Folder(earlier.fold);
  let damagedLines = 0;
  new FoldDecoder().onDamaged(() => (damagedLines += 1)).forEach(read.text, (event) => folder.add(event));
  const fold = folder.result();
  return { fold, end: read.end, fromCache: true, foldedEvents: fold.count - earlier.fold.count, tornBytes: read.tornBytes, damagedLines };
}

/** Folds the whole journal, reusing the cache when it proves to match. */
export function replayJournal(paths: JournalPaths, options: ReplayOptions = {}): Replay {
  return withOpenJournal(paths.journal, (journal) => replayOpen(paths, journal, options)) ?? emptyReplay();
}

/** The replay of a journal that does not exist. */
export function emptyReplay(): Replay {
  return { fold: emptyFold(), end: 0, fromCache: false, foldedEvents: 0, tornBytes: 0, damagedLines: 0 };
}

/** replayJournal on the journal opened already. */
export function replayOpen(paths: JournalPaths, journal: OpenJournal, options: ReplayOptions = {}): Replay {
  const fingerprint = machinesFingerprint();
  const resume = options.useCache === false
    ? resumeAtStart<CacheFile>()
    : resumeAfter<CacheFile>(paths.snapshot, journal, (cache) => cache.format === 1 && cache.fingerprint === fingerprint);
  const start = resume.checkpoint?.fold ?? emptyFold();
  // Parse bytes read through the same descriptor as the hashed ones, so the cache and the fold describe one file.
  const rest = bytesFrom(journal, resume.from);
  const read = completeLines(rest, resume.from);
  const folder = new Folder(start);
  let damagedLines = 0;
  new FoldDecoder().onDamaged(() => (damagedLines += 1)).forEach(read.text, (event) => folder.add(event));
  const fold = folder.result();
  const foldedEvents = fold.count - start.count;
  // Not over damaged lines: setting them aside rewrites the prefix such a cache would hash.
  if (damagedLines === 0 && foldedEvents >= (options.writeCacheAfter ?? 512)) {
    const cache: CacheFile = { format: 1, fingerprint, ...proofUpTo(resume, rest, read.end), fold };
    writeCheckpoint(paths.snapshot, cache);
  }
  return { fold, end: read.end, fromCache: resume.from > 0, foldedEvents, tornBytes: read.tornBytes, damagedLines };
}
