// The JavaScript reference's method pages: a page per part shows its example (data source, code,
// response), the left menu lists the methods by part, the version switch leads to v1, and the
// pages fit a phone. Screenshots at 390 and 1280 px go to $SCREENSHOT_DIR (os.tmpdir() otherwise).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'docs-method-pages');

/** One page per part of the client: its title and a value its example's response shows. */
const PAGES = [
  { route: '/reference/javascript/select', title: 'Fetch data: select()', code: "from('planets')", response: '"Mercury"' },
  { route: '/reference/javascript/auth-signinwithpassword', title: 'Sign in a user: signInWithPassword()', code: 'signInWithPassword', response: '"<jwt>"' },
  { route: '/reference/javascript/storage-from-upload', title: 'Upload a file: from.upload()', code: "upload('hello.txt'", response: '"notes/hello.txt"' },
  { route: '/reference/javascript/subscribe', title: 'Subscribe to channel: subscribe()', code: "channel('room-1'", response: '"cursor"' },
  { route: '/reference/javascript/functions-invoke', title: 'Invoke an Edge Function: functions.invoke()', code: "invoke('hello'", response: '"Hello, Functions!"', setup: 'Edge Function' },
];

describe('JavaScript method pages', browserSuiteOptions(), () => {
  let site;
  before(async () => {
    site = await openSite();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(() => site?.close());

  it('show each part\'s example under its three labels, highlighted', async () => {
    const page = await site.newPage();
    for (const expected of PAGES) {
      const response = await visit(page, site.baseUrl, expected.route);
      assert.equal(response.status(), 200, expected.route);
      assert.equal(await page.textContent('main h1'), expected.title);
      const example = page.locator('.method-example').first();
      assert.deepEqual(await example.locator('.method-example__label').allTextContents(), [expected.setup ?? 'Data source', 'Example code', 'Response'], expected.route);
      const blocks = example.locator('pre');
      assert.equal(await blocks.count(), 3, expected.route);
      assert.match(await blocks.nth(0).textContent(), /create table|Nothing to set up|insert into|Deno\.serve/, expected.route);
      assert.ok((await blocks.nth(1).textContent()).includes(expected.code), expected.route);
      assert.ok((await blocks.nth(2).textContent()).includes(expected.response), expected.route);
      assert.ok(await blocks.nth(1).locator('.token').count() > 3, `${expected.route}: the code is highlighted`);
    }
  });

  it('list the methods by part in the left menu, the current one marked', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/reference/javascript/eq');
    const sidebar = page.locator('nav.sidebar');
    assert.deepEqual(await sidebar.locator('.nav-tree__heading > :first-child').allTextContents(), ['Database', 'Edge Functions', 'Auth', 'Storage', 'Realtime']);
    for (const route of ['select', 'eq', 'functions-invoke', 'auth-signup', 'auth-mfa-enroll', 'auth-admin-generatelink', 'storage-createbucket', 'removechannel']) {
      assert.equal(await sidebar.locator(`a[href="/reference/javascript/${route}"]`).count(), 1, route);
    }
    assert.equal(await sidebar.locator('[aria-current="page"]').getAttribute('href'), '/reference/javascript/eq');
    // The introduction has the same menu and leads back into it.
    await visit(page, site.baseUrl, '/reference/javascript/introduction');
    assert.equal(await page.locator('nav.sidebar a[href="/reference/javascript/select"]').count(), 1);
  });

  it('mark the examples whose client holds the service role key or uses the PKCE flow', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/reference/javascript/auth-admin-createuser');
    assert.match(await page.textContent('.method-example__note'), /service_role/);
    await visit(page, site.baseUrl, '/reference/javascript/auth-signup');
    assert.equal(await page.locator('.method-example__note').count(), 0);
    // A PKCE example's client is not the default one either, and its code would not run on one.
    await visit(page, site.baseUrl, '/reference/javascript/auth-exchangecodeforsession');
    assert.match(await page.textContent('.method-example__note'), /flowType: 'pkce'/);
  });

  it('switch versions: v1 has no method pages, so its introduction opens, and v2 leads back', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/reference/javascript/select');
    assert.equal(await page.locator('.version-switch select').inputValue(), 'v2');
    await page.getByLabel('Version').selectOption('v1');
    await page.waitForURL(/\/reference\/javascript\/v1\/introduction$/);
    await page.waitForFunction(() => document.querySelector('.version-switch select')?.value === 'v1');
    await page.getByLabel('Version').selectOption('v2');
    await page.waitForURL(/\/reference\/javascript\/introduction$/);
  });

  it('every method page fits a phone without scrolling sideways', async () => {
    const page = await site.newPage({ viewport: { width: 390, height: 900 } });
    const methods = readdirSync(new URL('../content/reference/javascript/', import.meta.url)).filter((name) => name.endsWith('.mdx') && name !== 'introduction.mdx');
    assert.ok(methods.length > 50, `${methods.length} method pages`);
    for (const name of methods) {
      const route = `/reference/javascript/${name.replace(/\.mdx$/, '')}`;
      await visit(page, site.baseUrl, route);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, `${route} at 390 px does not scroll sideways`);
    }
  });

  it('fit a phone and a desktop (screenshots at 390 and 1280 px)', async () => {
    for (const width of [390, 1280]) {
      const page = await site.newPage({ viewport: { width, height: 900 } });
      for (const { route } of PAGES) {
        await visit(page, site.baseUrl, route);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, `${route} at ${width} px does not scroll sideways`);
        await page.locator('.method-example').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `${route.split('/').pop()}-${width}.png`) });
      }
    }
  });
});
