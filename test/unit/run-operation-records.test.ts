import assert from 'node:assert/strict';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import { runOperation } from '../../tasks/orchestration/run-operation.js';
import type { RecoveryEnvironment } from '../../tasks/orchestration/recovery-types.js';
import { temporaryJournal } from '../helpers/temporary-journal.js';

const applied = (version: string): NewEvent => ({ stream: 'migrations:local', type: 'MIGRATION_APPLIED', data: { version, name: `m${version}` } });

describe('a recorded operation: what goes to the journal, and when', () => {
  const temporary = temporaryJournal('run-operation-');
  const environment = (): RecoveryEnvironment => ({
    root: temporary.directory,
    env: {},
    config: () => Promise.reject(new Error('no config needed')),
    notify: () => undefined,
  });
  const onDisk = () => temporary.journal.read().events.map((event) => (event.stream === 'operations' ? `${event.type}${event.data.step ? ` ${String(event.data.step)}` : ''}` : `${event.type} ${String(event.data.version)}`));

  it("writes a step's end and what it recorded with the next line, so a run of steps costs one append each", async () => {
    const { journal } = temporary;
    const append = journal.append.bind(journal);
    let appends = 0;
    journal.append = (events, options) => {
      appends += 1;
      return append(events, options);
    };
    const seenInSteps: string[][] = [];
    await runOperation(journal, { kind: 'migration-apply', command: 'supabase migration up' }, { environment: environment() }, async (operation) => {
      for (const version of ['1', '2', '3']) {
        await operation.step(`apply ${version}`, async () => {
          // The step's beginning is on disk before its work, with the end of the step before it.
          seenInSteps.push(onDisk().slice(-3));
          operation.record([applied(version)]);
        }, { migration: version });
      }
      // Outside a step a record goes out at once (a mark written before the change it announces).
      operation.record([{ stream: 'migrations:local', type: 'MARK_APPLIED', data: { version: '4' } }]);
      assert.equal(onDisk().at(-1), 'MARK_APPLIED 4');
    });
    assert.deepEqual(seenInSteps, [
      ['BEGIN', 'STEP_BEGUN apply 1'],
      ['MIGRATION_APPLIED 1', 'STEP_DONE apply 1', 'STEP_BEGUN apply 2'],
      ['MIGRATION_APPLIED 2', 'STEP_DONE apply 2', 'STEP_BEGUN apply 3'],
    ]);
    assert.deepEqual(onDisk().slice(-5), ['STEP_BEGUN apply 3', 'MIGRATION_APPLIED 3', 'STEP_DONE apply 3', 'MARK_APPLIED 4', 'FINISHED']);
    // BEGIN, three STEP_BEGUN, the mark (carrying the last step's end), FINISHED.
    assert.equal(appends, 6);
  });

  it('shows what a step recorded to anyone who looks at the fold, and writes it on failure', async () => {
    const { journal } = temporary;
    await assert.rejects(
      runOperation(journal, { kind: 'migration-apply', command: 'supabase migration up' }, { environment: environment() }, async (operation) => {
        await operation.step('apply 1', async () => {
          operation.record([applied('1')]);
          assert.ok(operation.fold().streams['migrations:local'], 'the fold misses what the step recorded');
          assert.equal(onDisk().at(-1), 'MIGRATION_APPLIED 1');
        });
        await operation.step('apply 2', async () => {
          operation.record([applied('2')]);
          throw new Error('the server went away');
        });
      }),
      /the server went away/,
    );
    assert.deepEqual(onDisk().slice(-3), ['STEP_BEGUN apply 2', 'MIGRATION_APPLIED 2', 'FAILED']);
  });
});
