// Real Chromium for the browser tests (Debian's package driven by playwright-core). Without it
// the tests skip locally but FAIL under CI=true, so a CI image missing the browser is noticed.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Options for node:test's describe(): skip when no browser, unless CI demands one. */
export function browserSuiteOptions() {
  if (existsSync(CHROMIUM_PATH) || process.env.CI === 'true') return {};
  return { skip: `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)` };
}

/** Launches the browser and the static server of public/; call close() in after(). */
export async function openSite() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is required for the browser tests but ${CHROMIUM_PATH} is missing (apt-get install -y chromium)`);
  const server = await startStaticServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS });
  return {
    baseUrl: server.url,
    browser,
    /** A fresh page (own context, so storage does not leak between tests). */
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      // Offline on purpose: anything not served by our server is blocked, so a helper that
      // reaches for a CDN fails the test instead of passing by luck.
      await context.route('**/*', (route) => (route.request().url().startsWith(server.url) ? route.continue() : route.abort()));
      const page = await context.newPage();
      const jsRequests = [];
      page.on('request', (request) => { if (request.url().endsWith('.js')) jsRequests.push(new URL(request.url()).pathname); });
      page.jsRequests = jsRequests;
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Navigates and waits until React has hydrated (Gatsby marks the root then). */
export async function visit(page, baseUrl, path) {
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  return response;
}
