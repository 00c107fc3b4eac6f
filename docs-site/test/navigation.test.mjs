import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { hasContent, missingRoutes, readNav } from '../lib/routes.mjs';
import { browserSuiteOptions, openSite } from './helpers/browser.mjs';
import { resolvePublicFile } from './helpers/static-server.mjs';

const nav = readNav();
const routesWithContent = nav.routes.filter((route) => hasContent(route.url));

describe('navigation', browserSuiteOptions(), () => {
  let site;
  let page;
  const internalLinks = new Map(); // href -> first page linking to it
  before(async () => {
    site = await openSite();
    page = await site.newPage();
  });
  after(() => site?.close());

  it(`every nav route with content (${routesWithContent.length}) answers 200 with a title and real content`, async () => {
    for (const route of routesWithContent) {
      const response = await page.goto(`${site.baseUrl}${route.url}`, { waitUntil: 'domcontentloaded' });
      assert.equal(response.status(), 200, route.url);
      assert.match(await page.title(), /\S+ \| Supabase Docs$/, `${route.url} has a title`);
      const text = await page.$eval('main', (main) => main.innerText);
      assert.ok(text.length > 300, `${route.url} has real content (${text.length} chars)`);
      for (const href of await page.$$eval('a[href^="/"]', (links) => links.map((a) => a.getAttribute('href')))) {
        if (!internalLinks.has(href)) internalLinks.set(href, route.url);
      }
    }
  });

  it('no internal link on those pages is broken (links to routes still being written excepted)', () => {
    const pending = new Set(missingRoutes(nav).map((route) => route.url));
    const broken = [...internalLinks]
      .map(([href, from]) => [href.split(/[?#]/)[0], from])
      .filter(([path]) => path && !pending.has(path) && !resolvePublicFile(path))
      .map(([path, from]) => `${path} (linked from ${from})`);
    assert.deepEqual(broken, []);
  });

  it('generated reference pages render: every CLI command and the API operations', async () => {
    const spec = JSON.parse(readFileSync(new URL('../generated/cli-spec.json', import.meta.url), 'utf8'));
    for (const command of spec.commands) assert.ok(resolvePublicFile(`/reference/cli/${command.id}`), command.id);
    const response = await page.goto(`${site.baseUrl}/reference/cli/supabase-db-push`);
    assert.equal(response.status(), 200);
    assert.equal(await page.textContent('h1'), '$ supabase db push');
    assert.ok(await page.$('[data-flag="db-url"]'));
    // The menu names each command whole: a link reading only `start` tells a reader (or a search engine) nothing.
    assert.equal((await page.textContent('.sidebar a[href="/reference/cli/supabase-start"]'))?.trim(), 'supabase start');
    // The API reference is a page per tag (api-reference-pages.test.mjs checks every one).
    await page.goto(`${site.baseUrl}/reference/api/projects`);
    assert.ok((await page.locator('.api-operation').count()) >= 3);
  });
});

describe('nav routes still without content', () => {
  it('are listed (npm run -w docs-site missing-routes) and really absent from the build', (t) => {
    const missing = missingRoutes(nav);
    t.diagnostic(`${missing.length} of ${nav.routes.length} nav routes have no content yet; run \`npm run -w docs-site missing-routes\` for the list`);
    for (const route of missing) assert.equal(resolvePublicFile(route.url), null, `${route.url} is built but has no content file`);
    assert.equal(missing.length + routesWithContent.length, nav.routes.length);
  });
});
