import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

// Where each type is used in the guides, and the look it must get.
const CASES = [
  { type: 'note', variant: 'default', path: '/guides/getting-started' },
  { type: 'tip', variant: 'default', path: '/guides/getting-started', title: 'Develop locally first' },
  { type: 'caution', variant: 'warning', path: '/guides/database/overview', title: 'Row-level security is off for tables made in SQL' },
  { type: 'danger', variant: 'destructive', path: '/guides/auth/jwts', title: 'Keep the secret and the service key private' },
  { type: 'deprecation', variant: 'warning', path: '/guides/auth/jwts', title: 'Rotating the secret invalidates every key' },
];

describe('admonitions', browserSuiteOptions(), () => {
  let site;
  let page;
  before(async () => { site = await openSite(); page = await site.newPage(); });
  after(() => site?.close());

  for (const { type, variant, path, title } of CASES) {
    it(`renders type="${type}" as the ${variant} callout`, async () => {
      await visit(page, site.baseUrl, path);
      const box = page.locator(`.admonition[data-type="${type}"]`).first();
      assert.equal(await box.getAttribute('role'), 'note');
      assert.match(await box.getAttribute('class'), new RegExp(`admonition--${variant}`));
      assert.ok((await box.locator('svg').count()) === 1, 'has an icon');
      assert.ok((await box.locator('.admonition__content').innerText()).length > 20, 'has its content');
      if (title) assert.equal(await box.locator('.admonition__title').innerText(), title);
      else assert.equal(await box.locator('.admonition__title').count(), 0, 'no title row without title');
    });
  }
});
