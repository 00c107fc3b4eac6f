import assert from 'node:assert/strict';
import { branchesDefinition } from '../../machines/branches.machine.js';
import { checkPathsThroughJournal, checkRandomWalks } from '../helpers/model-check.js';

describe('branches machine: model-based', () => {
  it('replays every shortest and simple path from a journal to the machine\'s own state', () => {
    const { paths, steps } = checkPathsThroughJournal(branchesDefinition);
    assert.ok(paths > 0 && steps > 0);
  });

  it('agrees with xstate on random event sequences, ignored events included', () => {
    checkRandomWalks(branchesDefinition);
  });
});
