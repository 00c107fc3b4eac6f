/**
 * Lines of the journal that are not events (a disk's damage, a hand edit, a write by a broken
 * tool) are set aside instead of stopping every command. Under the append lock the journal is
 * written again without them, to a new file renamed over it (a kill at any point leaves the old
 * journal or the new one, whole), after they were kept in events.damaged.jsonl with their line
 * numbers. Readers take no lock: one that opened the old file reads it to its end as it was.
 *
 * The prefix checkpoints (replay cache, operations checkpoint) hash the bytes they cover: one that
 * covered a line set aside no longer proves itself and is rebuilt from the start; one that ends
 * before it covers the same bytes as before and stays valid. Sequence numbers stay as written (a
 * line set aside leaves a gap, which the fold and the readers pass over). What a lost line said is
 * found again as every drift is: commands check the journal's state against what runs.
 */
import { appendFileSync, closeSync, fchmodSync, fchownSync, fstatSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { JournalTextDecoder } from '../../machines/journal/line-scanner.js';
import { FileLock } from './file-lock.js';
import { bytesFrom, withOpenJournal } from './journal-reader.js';
import type { JournalPaths } from './journal-paths.js';
import { syncDirectory } from './journal-writer.js';

/** A line set aside: its number in the journal as it was (from 1), why it is not an event, and its text. */
export interface DamagedLine {
  line: number;
  reason: string;
  text: string;
}

const NEWLINE = 0x0a;

/**
 * Moves the complete lines that are not events out of the journal into its side file, and returns
 * them (none when another process got there first, or there were none). A torn last line is left
 * as it is: the next append cuts it off, as always.
 */
export function setAsideDamagedLines(paths: JournalPaths, options: { lockTimeoutMs?: number; now?: () => Date } = {}): DamagedLine[] {
  const lock = new FileLock(paths.appendLock);
  lock.acquireSync(options.lockTimeoutMs ?? 10_000, 'setting aside damaged journal lines');
  try {
    return (
      withOpenJournal(paths.journal, (journal) => {
        const bytes = bytesFrom(journal, 0);
        const damaged = findDamaged(bytes);
        if (damaged.size === 0) return [];
        const { kept, aside } = split(bytes, damaged);
        const time = (options.now?.() ?? new Date()).toISOString();
        // Kept before the journal loses them: a kill in between keeps a line twice, never nowhere.
        appendFileSync(paths.damaged, aside.map((line) => JSON.stringify({ line: line.line, time, reason: line.reason, text: line.text }) + '\n').join(''));
        replaceJournal(paths.journal, journal.fd, kept);
        return aside;
      }) ?? []
    );
  } finally {
    lock.release();
  }
}

/** One line of stderr naming what was set aside, with the lines' numbers in the journal as it was. */
export function setAsideWarning(paths: JournalPaths, lines: readonly DamagedLine[]): string {
  const numbers = lines.map((line) => line.line);
  const which = numbers.length === 1 ? `line ${numbers[0]}` : `lines ${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
  const reason = lines[0]!.reason.length > 80 ? `${lines[0]!.reason.slice(0, 77)}...` : lines[0]!.reason;
  return (
    `Warning: ${which} of ${paths.journal} ${numbers.length === 1 ? 'is not an event' : 'are not events'} (${reason}); ` +
    `set aside in ${paths.damaged}. What ${numbers.length === 1 ? 'it' : 'they'} recorded is checked against what runs.`
  );
}

/** The reasons of the lines that are not events, by line number (from 1); empty lines are not lines of any event and stay. */
function findDamaged(bytes: Buffer): Map<number, string> {
  const complete = bytes.lastIndexOf(NEWLINE) + 1;
  const damaged = new Map<number, string>();
  new JournalTextDecoder().onDamaged((damage) => damaged.set(damage.lineNumber, damage.reason)).forEach(bytes.toString('utf8', 0, complete), () => undefined);
  return damaged;
}

/** The journal's bytes without the damaged lines (the torn tail kept), and those lines. */
function split(bytes: Buffer, damaged: Map<number, string>): { kept: Buffer[]; aside: DamagedLine[] } {
  const kept: Buffer[] = [];
  const aside: DamagedLine[] = [];
  let keptFrom = 0;
  let lineNumber = 0;
  for (let start = 0; start < bytes.length; ) {
    const newline = bytes.indexOf(NEWLINE, start);
    if (newline < 0) break;
    lineNumber += 1;
    const reason = damaged.get(lineNumber);
    if (reason !== undefined) {
      kept.push(bytes.subarray(keptFrom, start));
      aside.push({ line: lineNumber, reason, text: bytes.toString('utf8', start, newline) });
      keptFrom = newline + 1;
    }
    start = newline + 1;
  }
  kept.push(bytes.subarray(keptFrom));
  return { kept, aside };
}

/** Writes the new journal beside the old one, with its mode and owner, flushed, and renames it over. */
function replaceJournal(file: string, oldFd: number, parts: Buffer[]): void {
  const stat = fstatSync(oldFd);
  const temporary = `${file}.${process.pid}.damaged.tmp`;
  const fd = openSync(temporary, 'w', stat.mode & 0o777);
  try {
    fchmodSync(fd, stat.mode & 0o777);
    try {
      // Whoever could append to the old journal can append to the new one.
      fchownSync(fd, stat.uid, stat.gid);
    } catch {
      // Not ours to give away (an unprivileged user): it stays this user's, who owned the old one.
    }
    for (const part of parts) for (let offset = 0; offset < part.length; ) offset += writeSync(fd, part, offset, part.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
  syncDirectory(path.dirname(file));
}
