// Diagrams stay readable on a phone: a wide one (the 1,212 px sequence diagram of the platform's
// architecture, the 1,035 px one of Auth's) keeps its natural size in a figure that scrolls sideways, instead of shrinking to the
// 358 px column where its labels are a third of their size; on a wide screen it still fits the column.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const ROUTES = ['/guides/getting-started/architecture', '/guides/auth/architecture'];

/** The visible drawing of the first diagram: its drawn and natural widths, and its figure's scroll. */
async function firstDiagram(page) {
  const img = page.locator('.diagram__img:visible').first();
  await img.scrollIntoViewIfNeeded();
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
  return img.evaluate((el) => {
    const figure = el.closest('figure');
    return { drawn: el.getBoundingClientRect().width, natural: Number(el.getAttribute('width')), scrollWidth: figure.scrollWidth, clientWidth: figure.clientWidth, tabIndex: figure.tabIndex };
  });
}

describe('diagrams on phones', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  for (const colorScheme of ['light', 'dark']) {
    it(`keep their natural size at 390 px and scroll inside their figure (${colorScheme} mode)`, async () => {
      const page = await site.newPage({ ...PHONE, colorScheme });
      for (const route of ROUTES) {
        await visit(page, site.baseUrl, route);
        const diagram = await firstDiagram(page);
        assert.ok(diagram.natural > 1000, `${route}: the sequence diagram is wide (${diagram.natural} px)`);
        assert.equal(Math.round(diagram.drawn), diagram.natural, `${route}: drawn at its natural width, not shrunk`);
        assert.ok(diagram.scrollWidth > diagram.clientWidth, `${route}: the figure scrolls sideways`);
        assert.equal(diagram.tabIndex, 0, `${route}: the scrolling figure can be focused and scrolled with the keyboard`);
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, `${route}: the page itself does not scroll sideways`);
      }
    });
  }

  it('fit the column on a wide screen', async () => {
    const page = await site.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, site.baseUrl, ROUTES[0]);
    const diagram = await firstDiagram(page);
    assert.ok(diagram.drawn < diagram.natural, 'shrunk to the column');
    assert.equal(diagram.scrollWidth, diagram.clientWidth, 'nothing to scroll');
  });
});
