import assert from 'node:assert/strict';
import { parseDbUrl } from '../../cli/db-target.js';

describe('--db-url parsing', () => {
  it('accepts a percent-encoded connection string', () => {
    const url = parseDbUrl('postgresql://postgres:p%40ss%23word@127.0.0.1:5432/postgres');
    assert.equal(decodeURIComponent(url.password), 'p@ss#word');
  });

  it('names a raw @ or # in the password and how to fix it', () => {
    assert.throws(() => parseDbUrl('postgresql://postgres:p@ss@127.0.0.1:5432/postgres'), (error: Error & { suggestion?: string }) =>
      /raw "@"/.test(error.message) && /%40/.test(error.suggestion ?? ''));
    assert.throws(() => parseDbUrl('postgresql://postgres:pa#ss@127.0.0.1:5432/postgres'), /raw "#"/);
    assert.throws(() => parseDbUrl('mysql://x@y/z'), /unsupported scheme/);
  });
});
