/**
 * A native stack started by the built CLI with a chromium page on its Studio, for the Studio's
 * browser tests: the project, the studio URL, the page (clipboard allowed), screenshots at 390 and
 * 1280 px in light and dark under test/artifacts/<name>/, a wait for postgres-meta, which
 * `start` launches last and does not wait for, and axe-core's findings on a page.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parse as parseToml } from 'smol-toml';
import { requireCommand } from './require-command.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const require = createRequire(import.meta.url);

/** supabase init's anon key (the demo key every local stack shares). */
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface StudioSession {
  project: CliProject;
  studioUrl: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Screenshots of the current page at both widths, light and dark, named `<name>-<width>-<scheme>.png`. */
  screenshots(name: string): Promise<void>;
  /** Waits until postgres-meta answers through the Studio's server. */
  pgMetaAnswers(): Promise<void>;
  /** A value of the settings the server put in the page (apiUrl, serviceRoleKey, ...). */
  setting(key: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the stack of a new project and opens a page; skips the suite when chromium is missing. */
export async function openStudio(context: Mocha.Context, name: string): Promise<StudioSession> {
  requireCommand(context, CHROMIUM, ['--version'], 'apt-get install -y chromium');
  const artifacts = fileURLToPath(new URL(`../artifacts/${name}`, import.meta.url));
  await mkdir(artifacts, { recursive: true });
  const project = await cliProject(name);
  const config = parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as unknown as { studio: { port: number } };
  const studioUrl = `http://127.0.0.1:${config.studio.port}`;
  const started = project.run(['start']);
  assert.equal(started.code, 0, started.stderr);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const browserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studioUrl });
  const page = await browserContext.newPage();
  return {
    project,
    studioUrl,
    browser,
    context: browserContext,
    page,
    async screenshots(shot) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: path.join(artifacts, `${shot}-${width}-${scheme}.png`), fullPage: true });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 900 });
    },
    async pgMetaAnswers() {
      for (let waited = 0; waited < 30_000; waited += 250) {
        const response = await fetch(`${studioUrl}/api/pg-meta/query`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"select 1"}' });
        if (response.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.fail('postgres-meta did not answer through the Studio within 30 s');
    },
    async setting(key) {
      return (await page.evaluate(`JSON.parse(document.getElementById('studio-config').textContent)[${JSON.stringify(key)}]`)) as string;
    },
    async close() {
      await browser.close();
      project.dispose();
    },
  };
}

/** axe-core's rule sets: Lighthouse's accessibility engine with WCAG 2.1 A/AA and its best practices, colour contrast included. */
const AXE_RULES = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'];

/**
 * axe-core's findings on the page as it stands, in light and dark at 390 and 1280 px, one line
 * each (`<scheme> <width>px: <rule> at <elements>`); the page is left light at 1280 px.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern; once a document.
  if (!(await page.evaluate(`typeof axe !== 'undefined'`))) await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const found: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      const result = (await page.evaluate(`axe.run(document, { runOnly: ${JSON.stringify(AXE_RULES)} })`)) as { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
      for (const violation of result.violations) found.push(`${scheme} ${width}px: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}
