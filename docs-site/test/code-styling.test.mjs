// Code samples look like code: highlighted tokens are plain coloured text (no pills, padding or
// gaps from other styles such as the API reference's HTTP-method badge), in light and dark mode.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

/** Tokens inside code blocks whose box differs from running text. */
function styledTokens() {
  return [...document.querySelectorAll('pre .token')].flatMap((token) => {
    const style = getComputedStyle(token);
    const box = [style.backgroundColor !== 'rgba(0, 0, 0, 0)' && `background ${style.backgroundColor}`, style.paddingLeft !== '0px' && `padding ${style.paddingLeft}`, style.borderRadius !== '0px' && `radius ${style.borderRadius}`, style.display !== 'inline' && `display ${style.display}`, style.fontSize !== getComputedStyle(token.closest('code')).fontSize && `font-size ${style.fontSize}`].filter(Boolean);
    return box.length ? [`${token.className} "${token.textContent}": ${box.join(', ')}`] : [];
  });
}

describe('code samples', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  for (const colorScheme of ['light', 'dark']) {
    it(`tokens are plain coloured text (${colorScheme} mode)`, async () => {
      const page = await site.newPage({ colorScheme });
      for (const route of ['/guides/auth', '/guides/database/tables', '/reference/javascript/introduction', '/reference/api/projects']) {
        await visit(page, site.baseUrl, route);
        assert.ok((await page.locator('pre .token').count()) > 5, `${route} has highlighted code`);
        assert.deepEqual(await page.evaluate(styledTokens), [], route);
      }
      // The method call from the issue reads as one line of code.
      await visit(page, site.baseUrl, '/guides/auth');
      const line = await page.locator('pre', { hasText: 'signInWithPassword' }).first().textContent();
      assert.match(line, /supabase\.auth\.signInWithPassword\(/);
      const method = page.locator('pre .token', { hasText: 'signInWithPassword' }).first();
      const colour = await method.evaluate((el) => getComputedStyle(el).color);
      const text = await method.evaluate((el) => getComputedStyle(el.closest('pre')).color);
      assert.notEqual(colour, text, 'the method name is highlighted');
    });
  }

  it('Vue, Svelte and Prisma blocks are highlighted like the others', async () => {
    const page = await site.newPage();
    const blocks = { vue: '/guides/getting-started/tutorials/with-vue-3', svelte: '/guides/getting-started/quickstarts/sveltekit', prisma: '/guides/getting-started/quickstarts/redwoodjs' };
    for (const [language, route] of Object.entries(blocks)) {
      await visit(page, site.baseUrl, route);
      const block = page.locator(`pre.language-${language}`).first();
      assert.ok(await block.count(), `${route} has a ${language} block`);
      assert.ok((await block.locator('.token').count()) > 5, `${language} is highlighted`);
      // Coloured, not just wrapped in spans: some token differs from the block's text colour.
      const colours = await block.evaluate((pre) => new Set([...pre.querySelectorAll('.token')].map((token) => getComputedStyle(token).color)).size);
      assert.ok(colours >= 3, `${language} shows ${colours} colours`);
    }
  });

  it('the API reference keeps its HTTP-method badges', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/reference/api/projects');
    const badge = page.locator('.http-method').first();
    assert.notEqual(await badge.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(0, 0, 0, 0)');
  });
});
