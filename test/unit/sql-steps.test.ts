/**
 * The SQL steps as listr2 tasks in plain output: each title written once as its step starts (the
 * original's lines), quiet titles not at all, the first failure stopping the rest and rethrown as
 * thrown, and a finished step's returned title kept.
 */
import assert from 'node:assert/strict';
import { runSqlSteps } from '../../tasks/orchestration/sql-steps.js';

describe('SQL steps as listr2 tasks (plain output)', () => {
  it('writes each title as its step starts, in order, and nothing for quiet steps', async () => {
    const seen: string[] = [];
    await runSqlSteps(
      [
        { title: 'Applying migration 1_a.sql...', run: async () => void seen.push('ran a') },
        { title: 'Running pgTAP tests in a_test.sql', quiet: true, run: async () => void seen.push('ran test') },
        { title: 'Seeding data supabase/seed.sql...', run: async () => void seen.push('ran seed') },
      ],
      (line) => seen.push(line),
    );
    assert.deepEqual(seen, ['Applying migration 1_a.sql...', 'ran a', 'ran test', 'Seeding data supabase/seed.sql...', 'ran seed']);
  });

  it('stops at the first failure and rethrows the error the step threw', async () => {
    const seen: string[] = [];
    const broken = new Error('ERROR: syntax error at or near "tablx"');
    await assert.rejects(
      runSqlSteps(
        [
          { title: 'Applying migration 1_broken.sql...', run: async () => { throw broken; } },
          { title: 'Applying migration 2_next.sql...', run: async () => void seen.push('ran next') },
        ],
        (line) => seen.push(line),
      ),
      (error) => error === broken,
    );
    assert.deepEqual(seen, ['Applying migration 1_broken.sql...']);
  });

  it('runs nothing and prints nothing for no steps', async () => {
    const seen: string[] = [];
    await runSqlSteps([], (line) => seen.push(line));
    assert.deepEqual(seen, []);
  });
});
