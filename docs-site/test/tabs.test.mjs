import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const selectedIds = (page) => page.$$eval('.tabs[data-query-group="database-method"]', (groups) =>
  groups.map((g) => g.querySelector('[role="tabpanel"]:not([hidden])')?.dataset.tabId));

describe('tab groups', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('starts on defaultActiveId and switches every group of the same queryGroup together', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/database/overview');
    assert.deepEqual(await selectedIds(page), ['dashboard', 'dashboard']);
    await page.locator('.tabs[data-query-group="database-method"]').first().getByRole('tab', { name: 'SQL' }).click();
    assert.deepEqual(await selectedIds(page), ['sql', 'sql']);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('database-method'), 'sql');
    assert.equal(url.searchParams.get('queryGroups'), 'database-method');
  });

  it('opens on the tab named in the URL', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/storage?database-method=sql');
    await page.waitForFunction(() => document.querySelector('.tabs[data-query-group="database-method"] [role="tabpanel"]:not([hidden])')?.dataset.tabId === 'sql');
    assert.deepEqual(await selectedIds(page), ['sql']);
  });

  it('ignores a URL value that names no panel', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/storage?database-method=nope');
    assert.deepEqual(await selectedIds(page), ['dashboard']);
  });

  it('keeps the choice when navigating inside the site', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/cli');
    await page.locator('.tabs[data-query-group="database-method"]').getByRole('tab', { name: 'SQL' }).click();
    await page.evaluate(() => window.___navigate('/guides/storage'));
    await page.waitForURL(/\/guides\/storage$/);
    await page.waitForFunction(() => document.querySelector('.tabs[data-query-group="database-method"] [role="tabpanel"]:not([hidden])')?.dataset.tabId === 'sql');
  });
});
