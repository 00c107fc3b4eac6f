// Client library references: their versions, the switch between them, and the community marker.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const { libraries } = JSON.parse(readFileSync(new URL('../src/data/client-libraries.json', import.meta.url), 'utf8'));
const EXPECTED = { javascript: ['v2', 'v1'], dart: ['v2', 'v1', 'v0'], csharp: ['v0'], swift: ['v2', 'v1'], kotlin: ['v2', 'v1'], python: ['v2'] };
const COMMUNITY = ['python', 'csharp', 'swift', 'kotlin'];

describe('client library references', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('list the versions the docs document', () => {
    assert.deepEqual(Object.fromEntries(libraries.map((l) => [l.id, l.versions])), EXPECTED);
    assert.deepEqual(libraries.filter((l) => l.community).map((l) => l.id).sort(), [...COMMUNITY].sort());
  });

  it('offer a version switch where there are several versions, and a version label otherwise', async () => {
    const page = await site.newPage();
    for (const library of libraries) {
      await visit(page, site.baseUrl, `/reference/${library.id}/introduction`);
      if (library.versions.length > 1) {
        const options = await page.locator('.version-switch select option').allTextContents();
        assert.deepEqual(options, library.versions.map((v, i) => (i === 0 ? `${v} (latest)` : v)), library.id);
        assert.equal(await page.locator('.version-switch select').inputValue(), library.versions[0]);
      } else {
        assert.equal(await page.locator('.version-switch').count(), 0, library.id);
        assert.equal(await page.textContent('.version-tag'), `Version ${library.versions[0]}`);
      }
    }
  });

  it('switching to v1 opens that version, which points back to the latest', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/reference/javascript/introduction');
    await page.getByLabel('Version').selectOption('v1');
    await page.waitForURL(/\/reference\/javascript\/v1\/introduction$/);
    await page.waitForFunction(() => document.querySelector('.version-switch select')?.value === 'v1');
    assert.match(await page.textContent('main'), /auth\.signIn\(/);
    await page.click('.library-header__note--old a');
    await page.waitForURL(/\/reference\/javascript\/introduction$/);
    for (const id of ['dart', 'swift', 'kotlin']) {
      const response = await page.goto(`${site.baseUrl}/reference/${id}/v1/introduction`);
      assert.equal(response.status(), 200, id);
      assert.equal(await page.locator('.version-switch select').inputValue(), 'v1');
      assert.ok(await page.locator('.sidebar').count(), `${id} v1 keeps the reference sidebar`);
    }
  });

  it('Flutter documents v0 and, in v1 and v0, each part of the client beyond the introduction', async () => {
    const page = await site.newPage();
    const PARTS = ['database', 'auth', 'realtime', 'storage', 'functions'];
    for (const version of ['v1', 'v0']) {
      for (const part of ['introduction', ...PARTS, ...(version === 'v1' ? ['upgrade-guide'] : [])]) {
        const response = await visit(page, site.baseUrl, `/reference/dart/${version}/${part}`);
        assert.equal(response.status(), 200, `${version}/${part}`);
        assert.equal(await page.locator('.version-switch select').inputValue(), version, `${version}/${part}`);
        assert.ok((await page.locator('main pre .token').count()) > 3, `${version}/${part} shows highlighted Dart`);
        assert.ok(await page.locator('.sidebar a[href="/reference/dart/introduction"]').count(), `${version}/${part} keeps the reference sidebar`);
      }
      // The introduction leads to every part.
      await visit(page, site.baseUrl, `/reference/dart/${version}/introduction`);
      for (const part of PARTS) assert.equal(await page.locator(`main a[href="/reference/dart/${version}/${part}"]`).count(), 1, `${version} introduction links ${part}`);
    }
    assert.match(await (await page.goto(`${site.baseUrl}/reference/dart/v0/database`)).text(), /execute\(\)/);
    // A page without a counterpart in another version switches to that version's introduction.
    await visit(page, site.baseUrl, '/reference/dart/v1/upgrade-guide');
    await page.getByLabel('Version').selectOption('v0');
    await page.waitForURL(/\/reference\/dart\/v0\/introduction$/);
    await visit(page, site.baseUrl, '/reference/dart/v0/storage');
    await page.getByLabel('Version').selectOption('v1');
    await page.waitForURL(/\/reference\/dart\/v1\/storage$/);
  });

  it('mark Python, C#, Swift and Kotlin as community maintained, on the page and in the menu', async () => {
    const page = await site.newPage();
    for (const library of libraries) {
      await visit(page, site.baseUrl, `/reference/${library.id}/introduction`);
      const marked = (await page.locator('main .badge--community').count()) === 1;
      assert.equal(marked, COMMUNITY.includes(library.id), library.id);
      const menuEntry = page.locator(`.sidebar a[href="/reference/${library.id}/introduction"]`).first();
      assert.equal(await menuEntry.locator('.badge').count(), COMMUNITY.includes(library.id) ? 1 : 0, `${library.id} in the menu`);
    }
  });
});
