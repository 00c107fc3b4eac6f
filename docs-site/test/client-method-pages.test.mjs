// The JavaScript reference's method pages: a page per part shows its example (data source, code,
// response), the left menu lists the methods by part (v1's pages in v1's own menu), the version
// switch leads to the same method of the other version, and the pages fit a phone. Screenshots
// at 390 and 1280 px go to $SCREENSHOT_DIR (os.tmpdir() otherwise).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'docs-method-pages');

/** One page per part of the client: its title and a value its example's response shows. */
const PAGES = [
  { route: '/reference/javascript/initializing', title: 'Initializing: createClient()', code: 'createClient(supabaseUrl', response: '"Mercury"' },
  { route: '/reference/javascript/select', title: 'Fetch data: select()', code: "from('planets')", response: '"Mercury"' },
  { route: '/reference/javascript/auth-signinwithpassword', title: 'Sign in a user: signInWithPassword()', code: 'signInWithPassword', response: '"<jwt>"' },
  { route: '/reference/javascript/storage-from-upload', title: 'Upload a file: from.upload()', code: "upload('hello.txt'", response: '"notes/hello.txt"' },
  { route: '/reference/javascript/subscribe', title: 'Subscribe to channel: subscribe()', code: "channel('room-1'", response: '"cursor"' },
  { route: '/reference/javascript/functions-invoke', title: 'Invoke an Edge Function: functions.invoke()', code: "invoke('hello'", response: '"Hello, Functions!"', setup: 'Edge Function' },
  { route: '/reference/javascript/v1/select', title: 'Fetch data: select()', code: "select('id, name', { count: 'exact' })", response: '"count": 2' },
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
    assert.deepEqual(await sidebar.locator('.nav-tree__heading > :first-child').allTextContents(), ['Client', 'Database', 'Edge Functions', 'Auth', 'Storage', 'Realtime']);
    for (const route of ['initializing', 'select', 'eq', 'functions-invoke', 'auth-signup', 'auth-mfa-enroll', 'auth-admin-generatelink', 'storage-createbucket', 'removechannel']) {
      assert.equal(await sidebar.locator(`a[href="/reference/javascript/${route}"]`).count(), 1, route);
    }
    // Auth's part: the sign-ins, then the admin methods, the MFA methods and the identities, each
    // group in the order of its pages' `order`.
    const auth = await sidebar.locator('.nav-tree__heading').evaluateAll((headings) => [...headings.find((h) => h.firstElementChild.textContent === 'Auth').querySelectorAll('ul a')].map((a) => a.getAttribute('href').replace('/reference/javascript/', '')));
    const at = (route) => { assert.ok(auth.includes(route), `${route} in Auth's menu: ${auth.join(', ')}`); return auth.indexOf(route); };
    assert.deepEqual([at('auth-exchangecodeforsession') + 1, at('auth-signinwithidtoken') + 1], [at('auth-signinwithidtoken'), at('auth-signinwithsso')]);
    assert.equal(at('auth-admin-mfa-deletefactor') + 1, at('auth-admin-signout'));
    assert.deepEqual([at('auth-getuseridentities'), at('auth-linkidentity'), at('auth-unlinkidentity')], [auth.length - 3, auth.length - 2, auth.length - 1]);
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

  it('switch versions to the same method of the other version, else to its introduction', async () => {
    const page = await site.newPage();
    const switchTo = async (version, url) => {
      await page.getByLabel('Version').selectOption(version);
      await page.waitForURL(url);
      await page.waitForFunction((v) => document.querySelector('.version-switch select')?.value === v, version);
    };
    await visit(page, site.baseUrl, '/reference/javascript/select');
    assert.equal(await page.locator('.version-switch select').inputValue(), 'v2');
    await switchTo('v1', /\/reference\/javascript\/v1\/select$/);
    await switchTo('v2', /\/reference\/javascript\/select$/);
    // v2 renamed v1's signIn(): the switch follows the method, not the slug.
    await visit(page, site.baseUrl, '/reference/javascript/auth-signinwithpassword');
    await switchTo('v1', /\/reference\/javascript\/v1\/auth-signin$/);
    await switchTo('v2', /\/reference\/javascript\/auth-signinwithpassword$/);
    // explain() has no v1 page: v1's introduction opens, and leads back to v2's.
    await visit(page, site.baseUrl, '/reference/javascript/explain');
    await switchTo('v1', /\/reference\/javascript\/v1\/introduction$/);
    await switchTo('v2', /\/reference\/javascript\/introduction$/);
    // Nor have the methods v2 added to Auth, such as signInWithIdToken().
    await visit(page, site.baseUrl, '/reference/javascript/auth-signinwithidtoken');
    await switchTo('v1', /\/reference\/javascript\/v1\/introduction$/);
  });

  it('show a v1 method page with v1\'s example and a menu of v1\'s methods only', async () => {
    const page = await site.newPage();
    const response = await visit(page, site.baseUrl, '/reference/javascript/v1/auth-signin');
    assert.equal(response.status(), 200);
    assert.equal(await page.textContent('main h1'), 'Sign in a user: signIn()');
    const blocks = page.locator('.method-example').first().locator('pre');
    assert.ok((await blocks.nth(1).textContent()).includes('supabase.auth.signIn('));
    assert.ok((await blocks.nth(2).textContent()).includes('"<jwt>"'));
    const sidebar = page.locator('nav.sidebar');
    assert.deepEqual(await sidebar.locator('.nav-tree__heading > :first-child').allTextContents(), ['Database', 'Auth', 'Storage']);
    // The menu's heading and its first entry both lead to v1's introduction.
    assert.ok(await sidebar.locator('a[href="/reference/javascript/v1/introduction"]').count() >= 1, 'introduction');
    for (const route of ['select', 'eq', 'single', 'auth-signup', 'auth-session', 'storage-from-upload']) {
      assert.equal(await sidebar.locator(`a[href="/reference/javascript/v1/${route}"]`).count(), 1, route);
    }
    assert.equal(await sidebar.locator('a[href^="/reference/javascript/"]:not([href^="/reference/javascript/v1/"])').count(), 0, 'no v2 page in the v1 menu');
    assert.equal(await sidebar.locator('[aria-current="page"]').getAttribute('href'), '/reference/javascript/v1/auth-signin');
    // v1's introduction has the same menu.
    await visit(page, site.baseUrl, '/reference/javascript/v1/introduction');
    assert.equal(await page.locator('nav.sidebar a[href="/reference/javascript/v1/select"]').count(), 1);
  });

  it('every method page fits a phone without scrolling sideways', async () => {
    const page = await site.newPage({ viewport: { width: 390, height: 900 } });
    const methodsOf = (folder) => readdirSync(new URL(`../content/reference/javascript/${folder}`, import.meta.url)).filter((name) => name.endsWith('.mdx') && name !== 'introduction.mdx').map((name) => `${folder}${name}`);
    const methods = [...methodsOf(''), ...methodsOf('v1/')];
    assert.ok(methods.length > 80, `${methods.length} method pages`);
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
        await page.screenshot({ path: join(SHOTS, `${route.replace('/reference/javascript/', '').replaceAll('/', '-')}-${width}.png`) });
      }
    }
  });
});
