// Links between the site's pages (SiteLink): the router takes a plain click without reloading the
// page, the browser keeps every other kind of click, and pages are fetched ahead of the click,
// both for a link under the pointer and for links the reader can see.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

// Gatsby keeps the home page's data under `index`.
const pageDataOf = (route) => `/page-data${route === '/' ? '/index' : route.replace(/\/$/, '')}/page-data.json`;

/**
 * The page-data files the page has asked for, in order, recorded from the page's creation, and a
 * wait for the first one that `matches`, counting requests made before the wait began (a prefetch
 * may fire while `visit` is still returning; a plain waitForRequest would miss it).
 */
function trackPageData(page) {
  const asked = [];
  const waiters = new Set();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/page-data/')) return;
    asked.push(pathname);
    for (const waiter of waiters) waiter(pathname);
  });
  const firstThat = (matches, timeoutMs) => {
    const earlier = asked.find(matches);
    if (earlier !== undefined) return Promise.resolve(earlier);
    return new Promise((resolve, reject) => {
      const waiter = (pathname) => {
        if (!matches(pathname)) return;
        waiters.delete(waiter);
        clearTimeout(timer);
        resolve(pathname);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no matching page-data request within ${timeoutMs} ms (asked: ${asked.join(', ') || 'none'})`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  };
  return { has: (pathname) => asked.includes(pathname), firstThat };
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
    const target = pageDataOf('/guides/auth/social-login/auth-apple');
    await Promise.all([asked.firstThat((pathname) => pathname === target, 5000), link.hover()]);
  });

  it('pages behind the links in view are fetched once the browser is idle, the article\'s first', async () => {
    const page = await site.newPage();
    const asked = trackPageData(page);
    await visit(page, site.baseUrl, '/guides/auth');
    const inView = (scope) => page.evaluate((selector) => [...document.querySelectorAll(`${selector} a[href^="/"]`)]
      .filter((anchor) => { const box = anchor.getBoundingClientRect(); return box.width > 0 && box.bottom > 0 && box.top < innerHeight; })
      .map((anchor) => anchor.pathname), scope);
    const inArticle = await inView('main');
    assert.ok(inArticle.length > 0, 'the overview links to pages from its first screen');
    // Gatsby fetches queued pages four at a time, three seconds apart (sixty links in view take
    // some fifteen seconds), so the order they are handed over in matters: the first page
    // fetched that the visit itself did not need is one the article links to.
    const visited = new Set([pageDataOf('/guides/auth'), '/page-data/app-data.json']);
    const first = await asked.firstThat((pathname) => !visited.has(pathname), 15000);
    assert.ok(inArticle.map(pageDataOf).includes(first), `${first} is behind a link in the article`);
  });
});
