import assert from 'node:assert/strict';
import { vanitySubdomainDefinition } from '../../machines/vanity-subdomain.machine.js';
import { checkPathsThroughJournal, checkRandomWalks } from '../helpers/model-check.js';

describe('vanity-subdomain machine: model-based', () => {
  it('replays every shortest and simple path from a journal to the machine\'s own state', () => {
    const { paths, steps } = checkPathsThroughJournal(vanitySubdomainDefinition);
    assert.ok(paths > 0 && steps > 0);
  });

  it('agrees with xstate on random event sequences, ignored events included', () => {
    checkRandomWalks(vanitySubdomainDefinition);
  });
});
