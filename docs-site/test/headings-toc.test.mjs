import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

describe('headings and table of contents', browserSuiteOptions(), () => {
  let site;
  let page;
  before(async () => {
    site = await openSite();
    page = await site.newPage({ viewport: { width: 1280, height: 700 } });
    await visit(page, site.baseUrl, '/guides/database/overview');
  });
  after(() => site?.close());

  it('derives ids from the text, or from a [#custom] anchor which is not displayed', async () => {
    assert.ok(await page.$('h2#creating-a-table'));
    assert.ok(await page.$('h4#why-wrap-authuid-in-a-select'));
    const custom = await page.$('h2#policies');
    assert.ok(custom, 'custom anchor [#policies] gives the id');
    assert.doesNotMatch(await custom.textContent(), /\[#policies\]/);
  });

  it('gives each heading a # link to itself', async () => {
    const links = await page.$$eval('h2, h3, h4', (headings) => headings.filter((h) => h.id).map((h) => [h.id, h.querySelector('a.heading__anchor')?.getAttribute('href')]));
    assert.ok(links.length >= 5);
    for (const [id, href] of links) assert.equal(href, `#${id}`);
    const opacity = await page.$eval('h2#creating-a-table a', (a) => getComputedStyle(a).opacity);
    assert.equal(opacity, '0', 'hidden until hovered');
  });

  it('lists the visible h2/h3 in "On this page"', async () => {
    const items = await page.$$eval('.toc-menu a', (links) => links.map((a) => a.getAttribute('href')));
    assert.ok(items.includes('#creating-a-table'));
    assert.ok(items.includes('#policies-for-owned-rows'));
    assert.ok(!items.includes('#why-wrap-authuid-in-a-select'), 'h4 is not in the TOC');
  });

  it('highlights the heading being read while scrolling, one at a time', async () => {
    const active = async () => page.$$eval('.toc-menu a.toc__menu-item--active', (links) => links.map((a) => a.getAttribute('href')));
    for (const id of ['keeping-changes-in-migrations', 'policies']) {
      // Put the heading in the observed band (below the top 20%, above the bottom 35%).
      await page.evaluate((target) => {
        const heading = document.getElementById(target);
        window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - window.innerHeight * 0.3);
      }, id);
      await page.waitForFunction((target) => document.querySelector(`.toc-menu a.toc__menu-item--active[href="#${target}"]`), id, { timeout: 5000 });
      assert.deepEqual(await active(), [`#${id}`]);
    }
  });

  it('marks the entry that was clicked, not the heading below it, until the reader scrolls', async () => {
    const active = async () => page.$$eval('.toc-menu a.toc__menu-item--active', (links) => links.map((a) => a.getAttribute('href')));
    const entries = await page.$$eval('.toc-menu a', (links) => links.map((a) => a.getAttribute('href')));
    // Headings with another heading below them: the one the observers would wrongly pick.
    for (const href of entries.slice(1, 4)) {
      await page.click(`.toc-menu a[href="${href}"]`);
      await page.waitForFunction((target) => window.location.hash === target, href);
      // Long enough for the scroll to end and every observer callback to have run.
      await page.waitForTimeout(600);
      assert.deepEqual(await active(), [href], `after clicking ${href}`);
    }
    // Scrolling by hand hands the highlight back to the observers.
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForFunction((clicked) => {
      const marked = document.querySelector('.toc-menu a.toc__menu-item--active');
      return marked && marked.getAttribute('href') !== clicked;
    }, entries[3], { timeout: 5000 });
  });

  it('clears the highlight at the top of the page', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('.toc-menu a.toc__menu-item--active'), null, { timeout: 5000 });
  });

  // A truncated UTF-8 escape, as a cut or mangled shared link carries: decodeURI and
  // decodeURIComponent throw on it.
  const UNDECODABLE = '%E0%A4%A';

  /** The uncaught errors of `page` while `action` runs. */
  async function errorsDuring(target, action) {
    const errors = [];
    const record = (error) => errors.push(error.message);
    target.on('pageerror', record);
    try {
      await action();
    } finally {
      target.off('pageerror', record);
    }
    return errors;
  }

  it("ignores an undecodable hash in the table of contents' hashchange handler", async () => {
    const errors = await errorsDuring(page, async () => {
      // The address changes without the router noticing (pushState), then only the TOC hears of it.
      await page.evaluate((hash) => {
        window.history.pushState(window.history.state, '', `#${hash}`);
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      }, UNDECODABLE);
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    });
    assert.deepEqual(errors, []);
    // The next hash that names a heading is still followed.
    await page.evaluate(() => { window.location.hash = 'policies'; });
    await page.waitForSelector('.toc-menu a.toc__menu-item--active[href="#policies"]', { timeout: 5000 });
  });

  it('shows a page whose address has an undecodable hash, arriving with it or navigating to it', async () => {
    const other = await site.newPage({ viewport: { width: 1280, height: 700 } });
    const errors = await errorsDuring(other, async () => {
      await visit(other, site.baseUrl, `/guides/database/overview#${UNDECODABLE}`);
      await other.waitForSelector('main h1');
      await other.evaluate((hash) => { window.location.hash = hash; }, UNDECODABLE);
      await other.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    });
    assert.deepEqual(errors, []);
    assert.equal(await other.locator('main h1').count(), 1, 'the page is still shown');
    assert.ok(await other.locator('.toc-menu a').count() > 3, 'with its table of contents');
    await other.close();
  });
});
