// Every page the build wrote, as a reader's phone shows it: no Markdown left unrendered, no error
// in the console, headings that never skip a level, and nothing wider than the 390 px screen.
// This is the test that would have noticed 126 pages of raw `| a | b |` tables.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { browserSuiteOptions, openSite } from './helpers/browser.mjs';
import { PUBLIC_DIR } from './helpers/static-server.mjs';

const { redirects } = JSON.parse(readFileSync(new URL('../src/data/redirects.json', import.meta.url), 'utf8'));
const REDIRECTS = new Set(redirects.map((r) => r.from));

/** Routes of every index.html under public/ (plus the 404 page). */
function builtRoutes(dir = PUBLIC_DIR) {
  const routes = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'page-data' && name !== 'static' && name !== '~partytown') routes.push(...builtRoutes(path));
    } else if (name === 'index.html') {
      const route = `/${relative(PUBLIC_DIR, dir)}`.replace(/\/$/, '') || '/';
      routes.push(route);
    }
  }
  return routes;
}

/**
 * Markdown syntax that survived into the page's text, outside code (where `**`, `](` and pipes are
 * legitimately part of code). Returns the offending snippets.
 */
function unrenderedMarkdown() {
  const clone = document.querySelector('main').cloneNode(true);
  for (const element of clone.querySelectorAll('pre, code, script, style, textarea, input, select')) element.remove();
  // innerText needs layout; the detached clone is measured through a hidden host.
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-99999px;top:0;width:800px';
  host.append(clone);
  document.body.append(host);
  const text = clone.innerText;
  host.remove();
  const rules = [
    ['pipe table', /^\s*\|?\s*:?-{3,}:?\s*\|.*$/m],
    ['pipe table row', /^\s*\|[^\n|]*\|[^\n]*\|\s*$/m],
    ['bold markers', /\*\*[^*\s][^*\n]*\*\*/],
    ['link syntax', /\]\([^)\s]*\)?/],
    ['code fence', /^\s*(```|~~~)/m],
    ['heading marker', /^#{2,6} \S/m],
  ];
  return rules.flatMap(([name, pattern]) => {
    const match = pattern.exec(text);
    return match ? [`${name}: ${JSON.stringify(match[0].trim().slice(0, 80))}`] : [];
  });
}

/** h1-h6 of the page in order, as levels; the outline must never skip one going down. */
function headingSkips() {
  const levels = [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')]
    .filter((h) => !h.closest('[hidden]'))
    .map((h) => ({ level: Number(h.tagName[1]), text: h.textContent.trim().slice(0, 50) }));
  const skips = [];
  for (let i = 1; i < levels.length; i++) {
    if (levels[i].level > levels[i - 1].level + 1) skips.push(`h${levels[i - 1].level} "${levels[i - 1].text}" -> h${levels[i].level} "${levels[i].text}"`);
  }
  if (levels[0] && levels[0].level !== 1) skips.unshift(`starts with h${levels[0].level}`);
  return skips;
}

describe('every built page', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('renders its Markdown, logs no console error, keeps a sane heading order and fits a phone', async () => {
    const routes = builtRoutes().filter((route) => !REDIRECTS.has(route));
    assert.ok(routes.length >= 530, `expected every page, found ${routes.length}`);
    const problems = [];
    // Two tabs at a time: the pages are small and the browser waits mostly on the network idle.
    const queue = [...routes];
    async function worker() {
      const page = await site.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      let errors = [];
      page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
      page.on('pageerror', (error) => errors.push(error.message));
      for (let route = queue.shift(); route; route = queue.shift()) {
        errors = [];
        const response = await page.goto(`${site.baseUrl}${route}`, { waitUntil: 'load' });
        await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
        // Lazy helpers load after hydration; their failures count too.
        await page.waitForLoadState('networkidle');
        if (route !== '/404' && response.status() !== 200) problems.push(`${route}: HTTP ${response.status()}`);
        for (const found of await page.evaluate(unrenderedMarkdown)) problems.push(`${route}: unrendered Markdown, ${found}`);
        for (const skip of await page.evaluate(headingSkips)) problems.push(`${route}: heading order, ${skip}`);
        for (const error of errors) problems.push(`${route}: console error, ${error}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${route}: ${width} px wide at 390 px, scrolls sideways`);
      }
      await page.context().close();
    }
    await Promise.all([worker(), worker()]);
    // Only the first line of each problem: stack traces would hide the list.
    assert.equal(problems.length, 0, `${problems.length} problems:\n${problems.map((p) => p.split('\n')[0]).join('\n')}`);
  });
});
