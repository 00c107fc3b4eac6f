import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { routePath } from '../../src/lib/site-path';

describe('routePath', () => {
  it('drops a trailing slash before the query or hash, as trailingSlash "never" serves the page', () => {
    assert.equal(routePath('/guides/auth/'), '/guides/auth');
    assert.equal(routePath('/guides/auth/#providers'), '/guides/auth#providers');
    assert.equal(routePath('/guides/auth//?tab=sql'), '/guides/auth?tab=sql');
  });

  it('keeps the home page and addresses already without one', () => {
    assert.equal(routePath('/'), '/');
    assert.equal(routePath('/guides/auth#x'), '/guides/auth#x');
    assert.equal(routePath(''), '/');
  });
});
