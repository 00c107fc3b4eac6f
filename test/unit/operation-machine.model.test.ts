import assert from 'node:assert/strict';
import { operationDefinition } from '../../machines/operation.machine.js';
import { checkPathsThroughJournal, checkRandomWalks } from '../helpers/model-check.js';

describe('operation machine: model-based', () => {
  it('replays every shortest and simple path from a journal to the machine\'s own state', () => {
    const { paths, steps } = checkPathsThroughJournal(operationDefinition);
    assert.ok(paths > 0 && steps > 0);
  });

  it('agrees with xstate on random event sequences, ignored events included', () => {
    checkRandomWalks(operationDefinition);
  });
});
