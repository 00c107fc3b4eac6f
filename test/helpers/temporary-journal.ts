/**
 * A journal of its own for every test of the suite that asks for one: a new temporary folder
 * before each test, removed after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournalStore } from '../../tasks/journal/journal-store.js';

export interface TemporaryJournal {
  directory: string;
  journal: JournalStore;
}

/** Call inside a `describe`; read the fields inside the tests (they change before each one). */
export function temporaryJournal(prefix: string): TemporaryJournal {
  const current = {} as TemporaryJournal;
  beforeEach(() => {
    current.directory = mkdtempSync(path.join(tmpdir(), prefix));
    current.journal = JournalStore.inDirectory(current.directory);
  });
  afterEach(() => rmSync(current.directory, { recursive: true, force: true }));
  return current;
}
