import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { README, refreshedReadme } from '../../scripts/readme-commands.js';

describe('README', () => {
  it('has the command status table the registry implies (run scripts/readme-commands.ts --write)', () => {
    const text = readFileSync(README, 'utf8');
    assert.equal(text, refreshedReadme(text));
  });

  it('names the two set-up commands', () => {
    const text = readFileSync(README, 'utf8');
    assert.match(text, /npm install && npm start/);
    assert.match(text, /npm test/);
  });
});
