import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

describe('search', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('loads the engine and index only when used, then finds guides and references', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/storage');
    assert.equal(page.jsRequests.filter((p) => p.includes('/search-')).length, 0, 'search engine not loaded up front');
    const box = page.getByRole('combobox', { name: 'Search docs' });
    await box.fill('apple secret');
    await page.waitForSelector('[data-testid="search-results"] a');
    assert.ok(page.jsRequests.some((p) => p.includes('/search-')), 'engine chunk loaded on demand');
    const first = await page.locator('[data-testid="search-results"] a').first().getAttribute('href');
    assert.equal(first, '/guides/auth/social-login/auth-apple');
    await box.fill('db push');
    await page.waitForSelector('[data-testid="search-results"] a[href="/reference/cli/supabase-db-push"]');
    await page.click('[data-testid="search-results"] a[href="/reference/cli/supabase-db-push"]');
    await page.waitForURL(/supabase-db-push$/);
    // The router changes the URL before the new page has rendered.
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '$ supabase db push');
  });

  it('is used with the keyboard: arrows choose a result, Enter opens it, Escape closes the list', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/storage');
    const box = page.getByRole('combobox', { name: 'Search docs' });
    await box.focus();
    await page.keyboard.type('db push');
    await page.waitForSelector('[role="listbox"] [role="option"]');
    assert.equal(await box.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = page.locator('[role="option"]').nth(1);
    assert.equal(await second.getAttribute('aria-selected'), 'true');
    assert.equal(await box.getAttribute('aria-activedescendant'), await second.getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    const first = page.locator('[role="option"]').first();
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox', 'focus stays in the box');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('[role="listbox"]').count(), 0);
    await page.keyboard.type('db push');
    await page.waitForSelector('[role="option"]');
    const target = await page.locator('[role="option"]').first().getAttribute('href');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === target);
  });

  it('says when nothing matches', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/');
    await page.getByRole('combobox', { name: 'Search docs' }).fill('zzzyyyxxx');
    await page.waitForSelector('.search__empty');
  });
});

describe('dark mode', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  const isDark = (page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

  it('follows prefers-color-scheme when nothing was chosen', async () => {
    const dark = await site.newPage({ colorScheme: 'dark' });
    await visit(dark, site.baseUrl, '/guides/auth');
    assert.equal(await isDark(dark), true);
    const light = await site.newPage({ colorScheme: 'light' });
    await visit(light, site.baseUrl, '/guides/auth');
    assert.equal(await isDark(light), false);
  });

  it('toggles, changes the colours, and persists across reloads', async () => {
    const page = await site.newPage({ colorScheme: 'light' });
    await visit(page, site.baseUrl, '/guides/auth');
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.click('.theme-toggle');
    assert.equal(await isDark(page), true);
    assert.notEqual(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), before);
    assert.equal(await page.evaluate(() => localStorage.getItem('docs.ui.theme')), 'dark');
    await page.reload({ waitUntil: 'networkidle' });
    assert.equal(await isDark(page), true, 'stored choice beats the light system preference');
    await page.click('.theme-toggle');
    await page.reload({ waitUntil: 'networkidle' });
    assert.equal(await isDark(page), false);
  });
});
