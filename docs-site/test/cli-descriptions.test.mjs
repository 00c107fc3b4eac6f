// CLI reference pages show the command descriptions and flag descriptions as formatted text:
// the flags, paths and placeholders a reader types are code, and a placeholder such as <timestamp>
// is shown instead of being swallowed as an unknown HTML tag.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

describe('CLI descriptions', browserSuiteOptions(), () => {
  let site;
  let page;
  before(async () => {
    site = await openSite();
    page = await site.newPage();
  });
  after(() => site?.close());

  const codeIn = (selector) => page.locator(`${selector} code`).allTextContents();

  it('render a command description as Markdown, placeholders included', async () => {
    await visit(page, site.baseUrl, '/reference/cli/supabase-db-pull');
    const description = page.locator('.cli-command .prose').first();
    assert.match(await description.textContent(), /supabase\/migrations\/<timestamp>_<name>\.sql/);
    const code = await codeIn('.cli-command .prose');
    assert.ok(code.includes('supabase/migrations/<timestamp>_<name>.sql'), `a path is code: ${code}`);
    assert.ok(code.includes('--schema'), `a flag is code: ${code}`);
  });

  it('render flag descriptions as Markdown', async () => {
    await visit(page, site.baseUrl, '/reference/cli/supabase-db-dump');
    const flag = '[data-flag="keep-comments"] .param__description';
    assert.doesNotMatch(await page.locator(flag).textContent(), /`/, 'no raw backticks');
    assert.deepEqual(await codeIn(flag), ['--']);
    assert.ok((await codeIn('[data-flag="use-copy"] .param__description')).includes('--data-only'));
  });

  it('render the global flags of the introduction the same way', async () => {
    await visit(page, site.baseUrl, '/reference/cli/introduction');
    assert.ok(await page.locator('[data-flag="workdir"] .param__description').count());
  });
});
