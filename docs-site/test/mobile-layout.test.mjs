// Phones: below 768 px the sidebar and top menu give way to a menu button, nothing overlaps the
// header, and no page scrolls sideways.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PAGES = ['/', '/guides/auth', '/guides/platform/compute-add-ons', '/reference/api/introduction', '/reference/api/projects-config', '/reference/cli/supabase-db-push', '/guides/auth/social-login/auth-github', '/maintainers/state-machines'];

describe('mobile layout', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('no page scrolls sideways at 390 px', async () => {
    const page = await site.newPage(PHONE);
    for (const route of PAGES) {
      await visit(page, site.baseUrl, route);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `${route} is ${width} px wide`);
    }
  });

  it('the menu button opens the section navigation and the top menu, and closes again', async () => {
    const page = await site.newPage(PHONE);
    await visit(page, site.baseUrl, '/guides/auth');
    assert.equal(await page.locator('.sidebar').isVisible(), false, 'sidebar hidden on phones');
    assert.equal(await page.locator('.top-menu').isVisible(), false, 'top menu hidden on phones');
    const button = page.getByRole('button', { name: 'Menu' });
    assert.equal(await button.getAttribute('aria-expanded'), 'false');
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    const menu = page.getByRole('navigation', { name: 'Site menu' });
    assert.ok(await menu.isVisible());
    assert.ok(await menu.getByRole('link', { name: 'Architecture', exact: true }).isVisible(), 'the Auth section is listed');
    assert.ok(await menu.getByRole('link', { name: 'Getting Started', exact: true }).isVisible(), 'the top menu is listed');
    // The panel starts below the header and stays inside the screen.
    const header = await page.locator('.topbar').boundingBox();
    const panel = await menu.boundingBox();
    assert.ok(panel.y >= header.y + header.height - 1 && panel.x >= 0 && panel.x + panel.width <= 390);
    await page.keyboard.press('Escape');
    assert.equal(await menu.count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.includes('Menu')), true, 'focus back on the button');
    await button.click();
    await menu.getByRole('link', { name: 'Password-based', exact: true }).click();
    await page.waitForURL(/\/guides\/auth\/passwords$/);
    await page.waitForFunction(() => !document.getElementById('mobile-menu'));
  });

  it('the header does not overlap the article, and the button is gone on wide screens', async () => {
    const page = await site.newPage(PHONE);
    await visit(page, site.baseUrl, '/guides/database/overview');
    const header = await page.locator('.topbar').boundingBox();
    const title = await page.locator('main h1').boundingBox();
    assert.ok(title.y >= header.y + header.height, 'h1 starts below the header');
    const wide = await site.newPage();
    await visit(wide, site.baseUrl, '/guides/database/overview');
    assert.equal(await wide.locator('.menu-button').isVisible(), false);
    assert.ok(await wide.locator('.sidebar').isVisible());
  });
});
