import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

describe('code blocks', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('are interactive on wide screens: highlighted, line numbers, copy button that copies', async () => {
    const page = await site.newPage({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    await visit(page, site.baseUrl, '/guides/cli');
    const block = page.locator('.code-block').first();
    await page.waitForSelector('.code-block[data-view="interactive"]');
    assert.equal(await block.getAttribute('data-view'), 'interactive');
    assert.ok((await page.locator('.code-block pre .token').count()) > 0, 'highlighted at build time');
    await block.getByRole('button', { name: 'Copy' }).click();
    await page.waitForFunction(() => document.querySelector('.code-block .copy-button')?.textContent === 'Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, 'npm install supabase --save-dev\nnpx supabase --version');
  });

  it('switch to the static view at 768 px and below', async () => {
    const page = await site.newPage({ viewport: { width: 768, height: 900 } });
    await visit(page, site.baseUrl, '/guides/cli');
    const views = await page.$$eval('.code-block', (blocks) => blocks.map((b) => b.dataset.view));
    assert.ok(views.length > 2);
    assert.ok(views.every((v) => v === 'static'));
    assert.equal(await page.locator('.copy-button').count(), 0);
  });

  it('follow the viewport when it is resized', async () => {
    const page = await site.newPage({ viewport: { width: 769, height: 900 } });
    await visit(page, site.baseUrl, '/guides/cli');
    await page.waitForSelector('.code-block[data-view="interactive"]');
    await page.setViewportSize({ width: 600, height: 900 });
    await page.waitForFunction(() => [...document.querySelectorAll('.code-block')].every((b) => b.dataset.view === 'static'));
  });
});
