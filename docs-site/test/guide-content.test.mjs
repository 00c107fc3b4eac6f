// What readers asked for in guides: tables, the seed examples where the docs put them, provider
// logos, diagrams drawn at build time, a favicon, and the legacy routes forwarding.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const catalogue = JSON.parse(readFileSync(new URL('../data/auth-providers.json', import.meta.url), 'utf8')).authProviders;

describe('guide content', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('Markdown tables and task lists render as such', async () => {
    const page = await site.newPage();
    for (const route of ['/guides/platform/compute-add-ons', '/guides/resources', '/guides/storage/security/access-control']) {
      await visit(page, site.baseUrl, route);
      assert.ok((await page.locator('main table th').count()) >= 2, `${route} has a table`);
    }
    await visit(page, site.baseUrl, '/guides/platform/going-into-prod');
    assert.ok((await page.locator('main li input[type="checkbox"]').count()) >= 3, 'task list checkboxes');
  });

  it('the database tables guide has the products table example', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/database/tables?database-method=sql');
    const rows = await page.locator('table:has(th:text-is("column")) tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].slice(0, 3).map((c) => c.textContent.trim())));
    assert.deepEqual(rows, [['id', 'uuid', 'generated'], ['name', 'text', 'yes'], ['price', 'real', 'yes'], ['image', 'text', 'no']]);
    const sql = await page.locator('pre', { hasText: 'create table public.products' }).textContent();
    assert.match(sql, /id uuid primary key default gen_random_uuid\(\)/);
    assert.match(sql, /name text not null/);
    assert.match(sql, /price real not null/);
    assert.match(sql, /image text\n/);
  });

  it('the storage access-control guide has the Product Image bucket and its policies', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/storage/security/access-control?database-method=sql');
    const sql = await page.locator('pre', { hasText: "'Product Image'" }).first().textContent();
    assert.match(sql, /insert into storage\.buckets \(id, name, public\)\nvalues \('Product Image', 'Product Image', true\)/);
    assert.match(sql, /for select\nto public/);
    assert.match(sql, /for insert\nto authenticated, anon/);
    assert.match(sql, /for update\nto public/);
  });

  it('the database size guide carries the compute and disk warnings', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/platform/database-size');
    const notes = (await page.locator('.admonition').allInnerTexts()).join('\n');
    assert.match(notes, /more than 6 GB.*at least the Large compute add-on/s);
    assert.match(notes, /smaller than 150 GB can be increased/);
    assert.match(notes, /more than 150 GB, contact support/);
  });

  it('auth provider cards show the providers\' logos, with light variants in dark mode', async () => {
    for (const colorScheme of ['light', 'dark']) {
      const page = await site.newPage({ colorScheme });
      await visit(page, site.baseUrl, '/guides/auth');
      for (const provider of catalogue) {
        const card = page.locator(`.provider-card[data-provider="${provider.name}"]`).first();
        const logo = card.locator('img.provider-card__logo:visible');
        if (provider.name === 'MessageBird') {
          assert.equal(await logo.count(), 0, 'no icon package has MessageBird: monogram');
          continue;
        }
        assert.equal(await logo.count(), 1, `${provider.name} (${colorScheme})`);
        await logo.scrollIntoViewIfNeeded();
        await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await logo.elementHandle());
        const src = await logo.getAttribute('src');
        if (provider.hasLightIcon) assert.equal(src.endsWith('-light.svg'), colorScheme === 'dark', `${provider.name} in ${colorScheme} mode: ${src}`);
      }
    }
  });

  it('diagrams are SVG images drawn at build time, with no Mermaid code shipped', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/getting-started');
    assert.equal(page.jsRequests.filter((p) => /mermaid/i.test(p)).length, 0);
    const img = page.locator('.diagram__img:visible').first();
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
    const svg = await (await page.request.get(`${site.baseUrl}${await img.getAttribute('src')}`)).text();
    assert.ok(/^<svg[^>]* width="\d+" height="\d+"/.test(svg), 'a standalone SVG with its size');
    const words = svg.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.ok(/API gateway/.test(words), `the labels are SVG text: ${words.slice(0, 200)}`);
    const dark = await site.newPage({ colorScheme: 'dark' });
    await visit(dark, site.baseUrl, '/guides/getting-started');
    assert.match(await dark.locator('.diagram__img:visible').first().getAttribute('src'), /-dark\.svg$/);
  });

  it('the maintainers page draws every state machine', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/maintainers/state-machines');
    const machines = await page.locator('main section h2').count();
    assert.ok(machines >= 5);
    assert.equal(await page.locator('.diagram__img--light').count(), machines);
  });

  it('serves a favicon and links it from every page', async () => {
    const page = await site.newPage();
    const ico = await page.request.get(`${site.baseUrl}/favicon.ico`);
    assert.equal(ico.status(), 200);
    assert.equal(ico.headers()['content-type'], 'image/x-icon');
    await visit(page, site.baseUrl, '/guides/auth');
    assert.equal(await page.locator('link[rel="icon"][href="/favicon.svg"]').count(), 1);
  });

  it('legacy routes forward to where the content lives', async () => {
    const page = await site.newPage();
    const response = await page.goto(`${site.baseUrl}/guides/database`);
    assert.equal(response.status(), 200);
    await page.waitForURL(/\/guides\/database\/overview$/);
    const html = readFileSync(new URL('../public/guides/integrations/index.html', import.meta.url), 'utf8');
    assert.match(html, /<meta http-equiv="refresh" content="0; url=https:\/\/supabase\.com\/partners\/integrations"/);
  });
});
