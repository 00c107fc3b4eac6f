// Links between the site's pages (SiteLink): the router takes a plain click without reloading the
// page, the browser keeps every other kind of click, and pages are fetched ahead of the click,
// both for a link under the pointer and for links the reader can see.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const pageDataOf = (route) => `/page-data${route}/page-data.json`;

/** Paths of the page-data files the page has asked for so far. */
function trackPageData(page) {
  const asked = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/page-data/')) asked.add(pathname);
  });
  return asked;
}

describe('links between pages', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('a plain click changes page in place, and Back returns', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth');
    await page.evaluate(() => { window.sameDocument = true; });
    await page.locator('.sidebar').getByRole('link', { name: 'Password-based', exact: true }).click();
    await page.waitForURL(/\/guides\/auth\/passwords$/);
    await page.waitForFunction(() => /password/i.test(document.querySelector('main h1')?.textContent ?? ''));
    assert.equal(await page.evaluate(() => window.sameDocument), true, 'no reload');
    await page.goBack();
    await page.waitForURL(/\/guides\/auth$/);
    assert.equal(await page.evaluate(() => window.sameDocument), true, 'Back stays in the page too');
  });

  it('a click with a modifier key is left to the browser (a new tab)', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth');
    const link = page.locator('.sidebar').getByRole('link', { name: 'Password-based', exact: true });
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
    await tab.waitForLoadState('domcontentloaded');
    assert.match(tab.url(), /\/guides\/auth\/passwords$/);
    assert.match(page.url(), /\/guides\/auth$/, 'the first tab stays where it was');
  });

  it('a link to the page being read does not add a history entry', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/auth');
    const before = await page.evaluate(() => history.length);
    await page.locator('.sidebar a[aria-current="page"]').click();
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => history.length), before);
  });

  it('the page behind a link is fetched when the pointer is over it', async () => {
    const page = await site.newPage();
    const asked = trackPageData(page);
    await visit(page, site.baseUrl, '/guides/storage');
    // A search result: rendered after the page's links were handed to the visibility prefetch,
    // so only the hover can fetch it.
    await page.getByRole('combobox', { name: 'Search docs' }).fill('apple secret');
    const link = page.locator('[data-testid="search-results"] a[href="/guides/auth/social-login/auth-apple"]');
    await link.waitFor();
    assert.equal(asked.has(pageDataOf('/guides/auth/social-login/auth-apple')), false, 'not fetched before the hover');
    await Promise.all([
      page.waitForRequest((request) => request.url().endsWith(pageDataOf('/guides/auth/social-login/auth-apple')), { timeout: 5000 }),
      link.hover(),
    ]);
  });

  it('pages behind the links in view are fetched once the browser is idle', async () => {
    const page = await site.newPage();
    const asked = trackPageData(page);
    await visit(page, site.baseUrl, '/guides/auth');
    const route = await page.locator('.sidebar').getByRole('link', { name: 'Password-based', exact: true }).getAttribute('href');
    // Gatsby batches visible links' prefetches a few seconds after the first one is queued.
    await page.waitForRequest((request) => request.url().endsWith(pageDataOf(route)), { timeout: 15000 });
    assert.ok(asked.has(pageDataOf(route)));
  });
});
