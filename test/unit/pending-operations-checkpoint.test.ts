import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import type { JournalStore } from '../../tasks/journal/journal-store.js';
import { OPERATIONS_STREAM, unsettledOperations } from '../../tasks/orchestration/pending-operations.js';
import { temporaryJournal } from '../helpers/temporary-journal.js';

const op = (id: string, type: string, data: Record<string, unknown> = {}): NewEvent => ({ stream: OPERATIONS_STREAM, type, data: { id, ...data } });

/** A finished run of `steps` steps: enough lines to make the journal long. */
function finishedRun(id: string, steps: number): NewEvent[] {
  const lines = [op(id, 'BEGIN', { command: 'supabase db reset', kind: 'db-reset' })];
  for (let step = 0; step < steps; step++) lines.push(op(id, 'STEP_BEGUN', { step: `apply ${step}` }), op(id, 'STEP_DONE', { step: `apply ${step}` }));
  return [...lines, op(id, 'FINISHED')];
}

describe('pending operations: the checkpoint of the unsettled runs', () => {
  const temporary = temporaryJournal('pending-operations-');
  let journal: JournalStore;
  beforeEach(() => (journal = temporary.journal));

  it('is written after a long read, keeps a run left open before it, and sees runs that settle after it', () => {
    journal.append([op('killed', 'BEGIN'), op('killed', 'STEP_BEGUN', { step: 'drop' })]);
    journal.append(finishedRun('a', 600));
    journal.append([op('open', 'BEGIN')]);
    assert.deepEqual(unsettledOperations(journal).sort(), ['killed', 'open']);
    assert.ok(existsSync(journal.paths.operationsCheckpoint));
    const checkpoint = JSON.parse(readFileSync(journal.paths.operationsCheckpoint, 'utf8')) as { unsettled: Record<string, string> };
    assert.deepEqual(checkpoint.unsettled, { killed: 'STEP_BEGUN', open: 'BEGIN' });

    journal.append([op('open', 'FINISHED'), op('later', 'BEGIN')]);
    assert.deepEqual(unsettledOperations(journal).sort(), ['killed', 'later']);
    journal.append([op('killed', 'INTERRUPTED'), op('killed', 'RECOVERED'), op('later', 'FAILED')]);
    assert.deepEqual(unsettledOperations(journal), []);

    // Proof that the lines it covers are not read again: what it says is taken as it stands.
    writeFileSync(journal.paths.operationsCheckpoint, JSON.stringify({ ...checkpoint, unsettled: { ghost: 'BEGIN' } }));
    assert.deepEqual(unsettledOperations(journal), ['ghost']);
  });

  it('is not used when the journal does not start with the bytes it covers', () => {
    journal.append(finishedRun('a', 600));
    assert.deepEqual(unsettledOperations(journal), []);
    // Same length, one event changed early on: an edited or replaced journal.
    const text = readFileSync(journal.paths.journal, 'utf8');
    writeFileSync(journal.paths.journal, text.replace('"type":"FINISHED"', '"type":"STEP_DONE"'));
    assert.deepEqual(unsettledOperations(journal), ['a']);
  });

  it('is not used when the journal is shorter than what it covers, nor when it is damaged', () => {
    journal.append(finishedRun('a', 600));
    unsettledOperations(journal);
    rmSync(journal.paths.journal);
    journal.append([op('b', 'BEGIN')]);
    assert.deepEqual(unsettledOperations(journal), ['b']);
    writeFileSync(journal.paths.operationsCheckpoint, '{"format":1,');
    assert.deepEqual(unsettledOperations(journal), ['b']);
  });
});
