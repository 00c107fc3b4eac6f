/**
 * Files derived from the start of the journal (the replay cache, the operations checkpoint): each
 * holds what it derived from the journal's first `end` bytes and the SHA-256 of those bytes. One
 * is used only while the journal still starts with exactly those bytes, so a journal replaced,
 * cut or rewritten simply means reading it all again. Deleting such a file is always safe.
 */
import { createHash, type Hash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { forEachChunk, type OpenJournal } from './journal-reader.js';

/** What every checkpoint carries: the prefix it covers and the hash that proves it. */
export interface PrefixProof {
  /** Byte length of the journal prefix it covers (a line boundary). */
  end: number;
  /** SHA-256 (hex) of that prefix. */
  prefixHash: string;
}

/** Where reading resumes: after a checkpoint that proved itself, else at the start. */
export interface Resume<T> {
  checkpoint: T | undefined;
  from: number;
  /** The hash of bytes [0, from), ready to take the rest. */
  hash: Hash;
}

/** Reading from the start, no checkpoint looked at. */
export function resumeAtStart<T>(): Resume<T> {
  return { checkpoint: undefined, from: 0, hash: createHash('sha256') };
}

/**
 * Reads the checkpoint in `file` and checks it against the open journal, whose prefix is hashed
 * a chunk at a time: only the bytes after it need to be held (and parsed) by the caller.
 */
export function resumeAfter<T extends PrefixProof>(file: string, journal: OpenJournal, accept: (parsed: Partial<T>) => boolean): Resume<T> {
  const checkpoint = readCheckpoint<T>(file, accept);
  if (checkpoint && checkpoint.end <= journal.size) {
    const hash = createHash('sha256');
    forEachChunk(journal, 0, checkpoint.end, (bytes) => hash.update(bytes));
    if (hash.copy().digest('hex') === checkpoint.prefixHash) return { checkpoint, from: checkpoint.end, hash };
  }
  return resumeAtStart();
}

/**
 * The proof of bytes [0, end) when reading resumed at `resume` and went on with `rest`, the
 * journal's bytes from `resume.from` (consumes the resume's hash).
 */
export function proofUpTo(resume: Resume<unknown>, rest: Buffer, end: number): PrefixProof {
  return { end, prefixHash: resume.hash.update(rest.subarray(0, end - resume.from)).digest('hex') };
}

/** Writes a checkpoint whole: a reader sees the old one or the new one, never half of one. */
export function writeCheckpoint(file: string, checkpoint: PrefixProof): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(checkpoint));
    renameSync(temporary, file);
  } catch {
    // An optimisation only; a read-only project folder just reads the whole journal next time.
  }
}

function readCheckpoint<T extends PrefixProof>(file: string, accept: (parsed: Partial<T>) => boolean): T | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<T>;
    return typeof parsed.end === 'number' && typeof parsed.prefixHash === 'string' && accept(parsed) ? (parsed as T) : undefined;
  } catch {
    return undefined;
  }
}
