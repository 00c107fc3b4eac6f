// The API-settings widget end to end: the built site in real Chromium against a local stack
// started by the real CLI, signing in through the stack's login page.
//
// The site is built once for every browser test, with the default platform URL. The stack here
// listens on a free [studio] port, so the page is pointed at it with the runtime override the
// widget reads before its build settings (src/lib/platform-api/settings.ts): an init script
// defining window.__SUPABASE_DOCS_PLATFORM__ before the site's own scripts run.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const CLI = fileURLToPath(new URL('../../bin/supabase.js', import.meta.url));
const PAGE = '/guides/getting-started';
const SAVED_KEYS = ['docs.ui.user.selected.org', 'docs.ui.user.selected.project', 'docs.ui.user.selected.branch'];
const SESSION_KEY = 'docs.platform.session';

/** A free loopback port. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

describe('API-settings widget against a local stack', browserSuiteOptions(), () => {
  let site;
  let folder;
  let home;
  let env;
  let studio;
  let status;
  const cli = (...args) => {
    const result = spawnSync(process.execPath, [CLI, ...args], { cwd: folder, env, encoding: 'utf8', timeout: 240_000 });
    assert.equal(result.status, 0, `supabase ${args.join(' ')} failed:\n${result.stderr}`);
    return result.stdout;
  };

  before(
    async () => {
      site = await openSite();
      home = mkdtempSync(join(tmpdir(), 'docs-widget-home-'));
      chmodSync(home, 0o755);
      folder = mkdtempSync(join(tmpdir(), 'docs-widget-'));
      // The login page hands sessions only to configured docs origins: this test's static server.
      env = { ...process.env, SUPABASE_NATIVE_HOME: home, SUPABASE_DOCS_ORIGINS: site.baseUrl, SUPABASE_DEBUG: '' };
      cli('init');
      const config = join(folder, 'supabase', 'config.toml');
      const [dbPort, studioPort] = [await freePort(), await freePort()];
      writeFileSync(config, readFileSync(config, 'utf8').replace(/^port = 54322$/m, `port = ${dbPort}`).replace(/^port = 54323$/m, `port = ${studioPort}`));
      studio = `http://127.0.0.1:${studioPort}`;
      cli('start');
      status = JSON.parse(cli('status', '-o', 'json'));
      // status lists the API URL only while something answers on it (functions serve, on the native
      // runtime); the widget shows the project's configured URL either way.
      const apiPort = /^\[api\][^[]*?^port = (\d+)$/m.exec(readFileSync(config, 'utf8'))[1];
      status.API_URL ??= `http://127.0.0.1:${apiPort}`;
    },
    { timeout: 300_000 },
  );

  after(async () => {
    if (folder) spawnSync(process.execPath, [CLI, 'stop', '--no-backup'], { cwd: folder, env, encoding: 'utf8', timeout: 120_000 });
    await site?.close();
    for (const dir of [folder, home]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A page allowed to reach the static site and the stack's platform API, nothing else. */
  async function newPage() {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    await context.addInitScript((url) => {
      window.__SUPABASE_DOCS_PLATFORM__ = { apiUrl: url, dashboardUrl: url };
    }, studio);
    await context.route('**/*', (route) => {
      const url = route.request().url();
      return url.startsWith(site.baseUrl) || url.startsWith(studio) ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(error.message));
    page.platformReads = [];
    page.on('request', (request) => {
      const path = request.url().startsWith(studio) ? new URL(request.url()).pathname : '';
      if (request.method() === 'GET' && /^\/(platform|v1)\//.test(path)) page.platformReads.push(path);
    });
    return page;
  }

  const widget = (page, variable) => page.locator(`[data-variable="${variable}"]`);
  const valueOf = (page, variable) => widget(page, variable).locator('[data-value-row] input').inputValue();
  const valueState = (page, variable, state) => page.waitForSelector(`[data-variable="${variable}"] [data-value-row][data-state="${state}"]`, { timeout: 15_000 });
  const storage = (page, keys) => page.evaluate((names) => names.map((name) => localStorage.getItem(name)), keys);

  it('signed out, signs in through the local login page, copies, restores on reload, signs out', async () => {
    const page = await newPage();
    await visit(page, site.baseUrl, PAGE);

    // Signed out: placeholders, disabled selectors and copy buttons, the login hint; no request.
    await valueState(page, 'url', 'loggedOut');
    await valueState(page, 'anonKey', 'loggedOut');
    assert.equal(await valueOf(page, 'url'), 'YOUR PROJECT URL');
    assert.equal(await valueOf(page, 'anonKey'), 'YOUR ANON KEY');
    for (const variable of ['url', 'anonKey']) {
      const selector = widget(page, variable).getByRole('combobox', { name: 'Project' });
      assert.ok(await selector.isDisabled());
      assert.equal(await selector.textContent(), 'No project found');
      assert.ok(await widget(page, variable).getByRole('button', { name: 'Copy' }).isDisabled());
    }
    assert.equal(await widget(page, 'url').locator('p:not(.project-config__title)').textContent(), 'To get your Project URL, log in.');
    const login = widget(page, 'anonKey').getByRole('link', { name: 'log in' });
    assert.equal(await login.getAttribute('href'), `${studio}/login?redirect_to=${encodeURIComponent(site.baseUrl + PAGE)}`);
    assert.deepEqual(page.platformReads, []);

    // Sign in: the local login page is one button; it returns here with the token in the fragment.
    await login.click();
    await page.waitForURL(`${studio}/login?**`);
    await page.getByRole('button', { name: 'Sign in as the local developer' }).click();
    await page.waitForURL(`${site.baseUrl}${PAGE}**`);
    await valueState(page, 'url', 'loggedIn.selectedProject.dataSuccess');
    await valueState(page, 'anonKey', 'loggedIn.selectedProject.dataSuccess');
    assert.equal(await valueOf(page, 'url'), status.API_URL);
    assert.equal(await valueOf(page, 'anonKey'), status.ANON_KEY);
    assert.equal(new URL(page.url()).hash, '', 'the token is taken out of the address bar');
    const ref = basename(folder);
    assert.equal(await widget(page, 'url').getByRole('combobox', { name: 'Project' }).textContent(), `Local development / ${ref}`);
    assert.deepEqual(await storage(page, SAVED_KEYS), ['1', ref, null]);
    assert.deepEqual([...page.platformReads].sort(), ['/platform/organizations', '/platform/projects', `/platform/props/project/${ref}/api`]);

    // Copy: the clipboard gets the value, the button shows the tick for a second.
    for (const [variable, expected] of [['url', status.API_URL], ['anonKey', status.ANON_KEY]]) {
      const copy = widget(page, variable).getByRole('button', { name: 'Copy' });
      const copied = (state) => page.waitForFunction(([v, s]) => document.querySelector(`[data-variable="${v}"] button[aria-label="Copy"]`).dataset.copied === s, [variable, state], { timeout: 3000 });
      await copy.click();
      await copied('true');
      const copiedAt = Date.now();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), expected);
      await copied('false');
      assert.ok(Date.now() - copiedAt >= 800, 'the tick stays for about a second');
    }

    // Reload: the session and the selection come back from storage, with the minimum of reads.
    page.platformReads.length = 0;
    await page.reload({ waitUntil: 'networkidle' });
    await valueState(page, 'anonKey', 'loggedIn.selectedProject.dataSuccess');
    assert.equal(await valueOf(page, 'url'), status.API_URL);
    assert.equal(await valueOf(page, 'anonKey'), status.ANON_KEY);
    assert.deepEqual([...page.platformReads].sort(), ['/platform/organizations', '/platform/projects', `/platform/props/project/${ref}/api`]);

    // Sign out: the server ends the session, the page forgets it and the selection.
    const [{ accessToken }] = (await storage(page, [SESSION_KEY])).map((raw) => JSON.parse(raw));
    await widget(page, 'url').getByRole('button', { name: 'Log out' }).click();
    await valueState(page, 'url', 'loggedOut');
    await valueState(page, 'anonKey', 'loggedOut');
    assert.equal(await valueOf(page, 'anonKey'), 'YOUR ANON KEY');
    assert.deepEqual(await storage(page, [...SAVED_KEYS, SESSION_KEY]), [null, null, null, null]);
    const afterLogout = await fetch(`${studio}/platform/projects`, { headers: { Authorization: `Bearer ${accessToken}` } });
    assert.equal(afterLogout.status, 401, 'the token no longer works');
    assert.deepEqual(page.errors, [], 'no script errors (hydration included)');
    await page.context().close();
  });
  it('when the settings cannot be read, the dashboard link opens the local project settings page', async () => {
    const page = await newPage();
    // The one read that fails; everything else, and the page behind the link, is the real stack.
    await page.route(`${studio}/platform/props/project/**`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"unavailable"}' }));
    await visit(page, site.baseUrl, PAGE);
    await widget(page, 'anonKey').getByRole('link', { name: 'log in' }).click();
    await page.waitForURL(`${studio}/login?**`);
    await page.getByRole('button', { name: 'Sign in as the local developer' }).click();
    await page.waitForURL(`${site.baseUrl}${PAGE}**`);
    await page.waitForSelector('[data-variable="anonKey"] [data-value-row][data-state="loggedIn.selectedProject.dataError"]', { timeout: 30_000 });
    const link = widget(page, 'anonKey').getByRole('link', { name: 'dashboard' });
    assert.equal(await link.getAttribute('href'), `${studio}/project/_/settings/api`);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    assert.equal(await tab.title(), `API settings of ${basename(folder)}`);
    assert.equal(await tab.getByLabel('Project URL').inputValue(), status.API_URL);
    assert.equal(await tab.getByLabel('Anon key').inputValue(), status.ANON_KEY);
    assert.ok(!(await tab.content()).includes(status.SERVICE_ROLE_KEY), 'not the service_role key');
  });
});
