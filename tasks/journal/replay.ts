/**
 * Replaying the journal into the fold, with a derived snapshot cache. The cache holds the fold up
 * to a byte offset plus the SHA-256 of the journal's bytes up to that offset and a fingerprint of
 * the machine definitions: it is used only when the journal still starts with exactly those bytes
 * and the machines are the same, and then only the events after the offset are folded. Anything
 * else (no cache, a different journal, edited machines) means a full replay. Deleting the cache
 * file is always safe.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Folder, emptyFold, type FoldState } from '../../machines/journal/fold.js';
import { FoldDecoder } from '../../machines/journal/line-scanner.js';
import { machinesFingerprint } from '../../machines/journal/fingerprint.js';
import { completeLines, readFrom } from './journal-reader.js';
import type { JournalPaths } from './journal-paths.js';

/** The result of a replay. */
export interface Replay {
  fold: FoldState;
  /** Byte offset after the last complete line folded. */
  end: number;
  /** Whether a verified cache was used, and how many events were folded on top of it. */
  fromCache: boolean;
  foldedEvents: number;
  tornBytes: number;
}

/** Options of a replay. */
export interface ReplayOptions {
  /** Use the cache when it verifies (default true). */
  useCache?: boolean;
  /** Write the cache when at least this many events were folded past it (default 512; Infinity: never). */
  writeCacheAfter?: number;
}

interface CacheFile {
  format: 1;
  fingerprint: string;
  /** Byte length of the journal prefix the fold covers. */
  end: number;
  /** SHA-256 (hex) of that prefix. */
  prefixHash: string;
  fold: FoldState;
}

/** Folds the whole journal, reusing the cache when it proves to match. */
export function replayJournal(paths: JournalPaths, options: ReplayOptions = {}): Replay {
  const fingerprint = machinesFingerprint();
  const cache = options.useCache === false ? undefined : readCache(paths.snapshot, fingerprint);
  const bytes = readFrom(paths.journal, 0) ?? Buffer.alloc(0);
  let hash = createHash('sha256');
  let start = emptyFold();
  let from = 0;
  if (cache && cache.end <= bytes.length) {
    hash.update(bytes.subarray(0, cache.end));
    if (hash.copy().digest('hex') === cache.prefixHash) {
      start = cache.fold;
      from = cache.end;
    } else {
      // Not the journal the cache was made from: fold all of it, hashing from the start.
      hash = createHash('sha256');
    }
  }
  // Parse the very bytes that were hashed, so the cache and the fold describe the same prefix.
  const read = completeLines(bytes.subarray(from), from);
  const folder = new Folder(start);
  new FoldDecoder().forEach(read.text, (event) => folder.add(event));
  const fold = folder.result();
  const foldedEvents = fold.count - start.count;
  if (foldedEvents >= (options.writeCacheAfter ?? 512)) {
    hash.update(bytes.subarray(from, read.end));
    writeCache(paths.snapshot, { format: 1, fingerprint, end: read.end, prefixHash: hash.digest('hex'), fold });
  }
  return { fold, end: read.end, fromCache: from > 0, foldedEvents, tornBytes: read.tornBytes };
}

function readCache(file: string, fingerprint: string): CacheFile | undefined {
  try {
    const cache = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    return cache.format === 1 && cache.fingerprint === fingerprint && typeof cache.end === 'number' ? cache : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, cache: CacheFile): void {
  // Write then rename: a reader sees the old cache or the new one, never half of one.
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(cache));
    renameSync(temporary, file);
  } catch {
    // The cache is an optimisation; a read-only project folder just replays in full next time.
  }
}
