import assert from 'node:assert/strict';
import { migrationHistoryDefinition } from '../../machines/migration-history.machine.js';
import { checkPathsThroughJournal, checkRandomWalks } from '../helpers/model-check.js';

describe('migration-history machine: model-based', () => {
  it('replays every shortest and simple path from a journal to the machine\'s own state', () => {
    const { paths, steps } = checkPathsThroughJournal(migrationHistoryDefinition);
    assert.ok(paths > 0 && steps > 0);
  });

  it('agrees with xstate on random event sequences, ignored events included', () => {
    checkRandomWalks(migrationHistoryDefinition);
  });
});
