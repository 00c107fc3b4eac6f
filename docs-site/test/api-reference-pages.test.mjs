// The Management API reference, one page per tag: it was one page of ~19,000 elements that a phone
// took seconds to make interactive. Every operation is documented on its tag page, listed on the
// index, and a link made for the one-page reference (/reference/api/introduction#<operation>) still
// lands on the operation.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';
import { resolvePublicFile } from './helpers/static-server.mjs';

const api = JSON.parse(readFileSync(new URL('../generated/management-api.json', import.meta.url), 'utf8'));
const INDEX = '/reference/api/introduction';
// Lighthouse flags a page past 1,400 elements; long schemas show their first lines only, which keeps
// the largest tag page (projects-config: the 700-line auth config three times) about there.
const MOST_ELEMENTS = 1500;

describe('Management API reference pages', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it(`each of the ${api.sections.length} tags has a page with its operations, none of the pages is heavy`, async () => {
    const page = await site.newPage();
    const documented = [];
    for (const section of api.sections) {
      const route = `/reference/api/${section.id}`;
      const response = await page.goto(`${site.baseUrl}${route}`, { waitUntil: 'domcontentloaded' });
      assert.equal(response.status(), 200, route);
      assert.equal(await page.textContent('h1'), section.title);
      const ids = await page.$$eval('.api-operation', (sections) => sections.map((s) => s.dataset.operation));
      assert.deepEqual(ids, section.operations, route);
      documented.push(...ids);
      const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
      assert.ok(elements < MOST_ELEMENTS, `${route} has ${elements} elements`);
    }
    assert.deepEqual(documented.sort(), api.operations.map((op) => op.id).sort());
  });

  it('a long schema shows its first lines, and all of them when asked', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/reference/api/projects-config');
    const operation = page.locator('[data-operation="gets-project-s-auth-config"]');
    const lines = operation.locator('[role="tabpanel"]:not([hidden]) .code-line');
    assert.equal(await lines.count(), 30);
    const more = operation.getByRole('button', { name: /^Show all \d+ lines$/ });
    const total = Number((await more.textContent()).match(/\d+/)[0]);
    assert.ok(total > 500, `${total} lines`);
    await more.click();
    assert.equal(await lines.count(), total);
    assert.match(await operation.locator('[role="tabpanel"]:not([hidden]) pre').textContent(), /"site_url"/);
    assert.equal(await more.count(), 0, 'the button is gone');
  });

  it('the index lists every operation by tag, linking to it on its tag page', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, INDEX);
    assert.ok((await page.evaluate(() => document.getElementsByTagName('*').length)) < 1400, 'the index is light');
    for (const section of api.sections) {
      assert.ok(await page.$(`h2#${section.id}`), `the tag ${section.id} keeps its anchor`);
      const links = await page.$$eval(`section:has(> h2#${section.id}) .api-index a`, (as) => as.map((a) => a.getAttribute('href')));
      assert.deepEqual(links, section.operations.map((id) => `/reference/api/${section.id}#${id}`), section.id);
    }
    // The sidebar leads to every tag page.
    const sidebar = await page.$$eval('.sidebar a', (as) => as.map((a) => a.getAttribute('href')));
    for (const section of api.sections) assert.ok(sidebar.includes(`/reference/api/${section.id}`), `sidebar links ${section.id}`);
  });

  it('an old link to an operation of the one-page reference lands on the operation on its tag page', async () => {
    const page = await site.newPage({ viewport: { width: 1280, height: 800 } });
    // The last operation of a tag far down the list: on the old page, deep below the fold.
    const section = api.sections.find((s) => s.id === 'sso') ?? api.sections.at(-1);
    const operation = section.operations.at(-1);
    await page.goto(`${site.baseUrl}${INDEX}#${operation}`, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).hash, `/reference/api/${section.id}#${operation}`);
    const heading = page.locator(`h2#${operation}`);
    await heading.waitFor();
    const box = await heading.boundingBox();
    assert.ok(box.y >= 0 && box.y < 800, `the operation's heading is on screen (y = ${box.y})`);
    // A tag anchor is still a place on the index, and is not forwarded.
    await page.goto(`${site.baseUrl}${INDEX}#${section.id}`, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, INDEX);
  });

  it('without JavaScript an old operation link still finds the operation, on the index with a link to it', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const operation = api.sections[0].operations[0];
    await page.goto(`${site.baseUrl}${INDEX}#${operation}`);
    const href = await page.$eval(`li#${operation} a`, (a) => a.getAttribute('href'));
    assert.equal(href, `/reference/api/${api.sections[0].id}#${operation}`);
    assert.ok(resolvePublicFile(href.split('#')[0]));
    await context.close();
  });
});
