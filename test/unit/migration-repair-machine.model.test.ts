import assert from 'node:assert/strict';
import { migrationRepairDefinition } from '../../machines/migration-repair.machine.js';
import { checkPathsThroughJournal, checkRandomWalks } from '../helpers/model-check.js';

describe('migration-repair machine: model-based', () => {
  it('replays every shortest and simple path from a journal to the machine\'s own state', () => {
    const { paths, steps } = checkPathsThroughJournal(migrationRepairDefinition);
    assert.ok(paths > 0 && steps > 0);
  });

  it('agrees with xstate on random event sequences, ignored events included', () => {
    checkRandomWalks(migrationRepairDefinition);
  });
});
