/**
 * The local Studio in a browser (Debian's chromium through playwright-core) against a native stack
 * started by the built CLI: the page at the studio port, its sections used as a user would, with
 * screenshots at 390 and 1280 px in light and dark kept in test/artifacts/studio-browser/.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parse as parseToml } from 'smol-toml';
import { requireCommand } from '../helpers/require-command.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('../artifacts/studio-browser', import.meta.url));

interface Config {
  api: { port: number };
  studio: { port: number };
  auth: { anon_key?: string };
}

/** supabase init's anon key (the demo key every local stack shares). */
const ANON = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

describe('the local Studio in a browser, on a native stack started by the CLI', function () {
  this.timeout(180_000);
  let project: CliProject;
  let studioUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** Screenshots of the current page at both widths, light and dark. */
  async function screenshots(name: string): Promise<void> {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}-${scheme}.png`), fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  before(async function () {
    requireCommand(this, CHROMIUM, ['--version'], 'apt-get install -y chromium');
    await mkdir(ARTIFACTS, { recursive: true });
    project = await cliProject('studio-browser');
    const config = parseToml(readFileSync(path.join(project.root, 'supabase', 'config.toml'), 'utf8')) as unknown as Config;
    studioUrl = `http://127.0.0.1:${config.studio.port}`;
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: studioUrl });
    page = await context.newPage();
  });

  /** Waits for postgres-meta, which start launches last and does not wait for. */
  async function pgMetaAnswers(): Promise<void> {
    for (let waited = 0; waited < 30_000; waited += 250) {
      const response = await fetch(`${studioUrl}/api/pg-meta/query`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"query":"select 1"}' });
      if (response.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.fail('postgres-meta did not answer through the Studio within 30 s');
  }

  after(async () => {
    await browser?.close();
    project?.dispose();
  });

  it('serves the application at / with a first page under 200 KB of gzipped JavaScript', async () => {
    // Nothing the page asks for fails (Lighthouse counts console errors against best practices).
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    const response = await page.goto(studioUrl);
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { level: 1, name: 'Project settings / API' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    page.removeAllListeners('console');
    const script = await (await fetch(`${studioUrl}/studio/index.js`)).arrayBuffer();
    const gzipped = gzipSync(Buffer.from(script)).length;
    assert.ok(gzipped < 200 * 1024, `${gzipped} bytes gzipped`);
  });

  it('refuses its API to other origins and other host names', async () => {
    const foreign = await fetch(`${studioUrl}/api/snippets`, { headers: { Origin: 'http://evil.test' } });
    assert.equal(foreign.status, 403);
    // A DNS-rebound page reaches this server under its own host name (fetch cannot send another Host).
    const rebound = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http.get(`${studioUrl}/`, { headers: { Host: 'evil.test' } }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      }).on('error', reject);
    });
    assert.equal(rebound.status, 421);
    assert.doesNotMatch(rebound.body, new RegExp(ANON));
  });

  it('shows the API settings and copies the anon key', async () => {
    await page.goto(`${studioUrl}/#/api`);
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    const apiUrl = await field('API URL').inputValue();
    assert.match(apiUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(await field('GraphQL URL').inputValue(), `${apiUrl}/graphql/v1`);
    assert.match(await field('DB URL').inputValue(), new RegExp(`^postgresql://postgres:postgres@127\\.0\\.0\\.1:${project.port}/postgres$`));
    // The service_role key and JWT secret are hidden until revealed.
    assert.equal(await page.locator('input[type=password]').count(), 2);
    await page.getByRole('button', { name: 'Copy anon key' }).click();
    await page.getByRole('status').filter({ hasText: 'anon key copied' }).waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), ANON);
    const snippet = await field('Client snippet').inputValue();
    assert.ok(snippet.includes(`const supabaseUrl = '${apiUrl}'`) && snippet.includes(`const supabaseAnonKey = '${ANON}'`), snippet);
    await screenshots('api-settings');
  });

  it('runs a script in the SQL editor and shows the rows of its last statement as a grid', async () => {
    await pgMetaAnswers();
    await page.goto(`${studioUrl}/#/sql`);
    await page.getByRole('heading', { level: 1, name: 'SQL editor' }).waitFor();
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill(
      "create table public.notes (id bigint generated by default as identity primary key, title text not null, done boolean default false);\n" +
        "insert into public.notes (title) values ('first note');\nselect id, title, done from public.notes;",
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const grid = page.getByRole('region', { name: 'Query results' });
    await grid.getByRole('cell', { name: 'first note' }).waitFor();
    assert.deepEqual(await grid.getByRole('columnheader').allTextContents(), ['id', 'title', 'done']);
    await page.getByText('1 row in').waitFor();
  });

  it('draws the first 1000 rows of a large result and says how many there are', async () => {
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill('select n from generate_series(1, 5000) as n;');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('5000 rows in').waitFor();
    assert.match((await page.getByText('5000 rows in').textContent()) ?? '', /the first 1000 shown/);
    assert.equal(await page.getByRole('region', { name: 'Query results' }).locator('tbody tr').count(), 1000);
  });

  it('shows an error with the line and column it points at', async () => {
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill('select 1;\nselect * from nowhere_at_all;');
    await page.getByRole('textbox', { name: 'SQL', exact: true }).press('Control+Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.textContent();
    assert.match(text ?? '', /Error at line 2, column 15/);
    assert.match(text ?? '', /relation "nowhere_at_all" does not exist/);
    // The cursor is put where the error points.
    assert.equal(await page.getByRole('textbox', { name: 'SQL', exact: true }).evaluate((editor) => (editor as unknown as { selectionStart: number }).selectionStart), 24);
    await screenshots('sql-editor-error');
  });

  it('keeps a history and saves a snippet to supabase/snippets/', async () => {
    const history = page.getByRole('region', { name: 'History' });
    assert.match((await history.getByRole('button').allTextContents()).join('\n'), /\(failed\) select 1;[\s\S]*create table public\.notes/);
    await history.getByRole('button', { name: /create table public\.notes/ }).click();
    assert.match(await page.getByRole('textbox', { name: 'SQL', exact: true }).inputValue(), /^create table public\.notes/);
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill('select title from public.notes order by id;');
    await page.getByRole('textbox', { name: 'Snippet name' }).fill('../escape');
    await page.getByRole('button', { name: 'Save snippet' }).click();
    await page.getByRole('status').filter({ hasText: 'invalid snippet name "../escape"' }).waitFor();
    await page.getByRole('textbox', { name: 'Snippet name' }).fill('note titles');
    await page.getByRole('button', { name: 'Save snippet' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved supabase/snippets/note titles.sql' }).waitFor();
    assert.equal(readFileSync(path.join(project.root, 'supabase', 'snippets', 'note titles.sql'), 'utf8'), 'select title from public.notes order by id;\n');
    assert.deepEqual(readdirSync(path.join(project.root, 'supabase', 'snippets')), ['note titles.sql']);
    await page.getByRole('button', { name: 'Open note titles.sql' }).waitFor();
    await screenshots('sql-editor');
  });

  it('lists the tables of public with the one made in the SQL editor, its rows under typed columns', async () => {
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('heading', { level: 1, name: 'Table editor' }).waitFor();
    const tables = page.getByRole('list', { name: 'Tables' });
    await tables.getByRole('button', { name: 'notes' }).waitFor();
    // The project's migrations made `one` and `two`.
    assert.deepEqual(await tables.getByRole('button').allTextContents(), ['notes', 'one', 'two']);
    await tables.getByRole('button', { name: 'notes' }).click();
    const grid = page.getByRole('region', { name: 'Rows of notes' });
    await grid.getByRole('cell', { name: 'first note' }).waitFor();
    assert.deepEqual(await grid.getByRole('columnheader').allTextContents(), ['id int8', 'title text', 'done bool', 'Actions']);
    await page.getByText('Rows 1–1 of 1').waitFor();
  });

  it('inserts a row and edits one as the service role, through the REST API', async () => {
    await page.getByRole('button', { name: 'Insert row' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert a row into notes' });
    await dialog.getByLabel('title').fill('second note');
    await dialog.getByRole('button', { name: 'Insert row' }).click();
    const grid = page.getByRole('region', { name: 'Rows of notes' });
    await grid.getByRole('cell', { name: 'second note' }).waitFor();
    await page.getByText('Rows 1–2 of 2').waitFor();

    await page.getByRole('button', { name: 'Edit row 1' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit row of notes' });
    assert.equal(await edit.getByLabel('title').inputValue(), 'first note');
    await edit.getByLabel('title').fill('first note, edited');
    await edit.getByLabel('done').fill('true');
    await edit.getByRole('button', { name: 'Save row' }).click();
    await grid.getByRole('cell', { name: 'first note, edited' }).waitFor();

    const db = new pg.Client({ connectionString: project.url });
    await db.connect();
    try {
      const { rows } = await db.query('select id::int, title, done from public.notes order by id');
      assert.deepEqual(rows, [
        { id: 1, title: 'first note, edited', done: true },
        { id: 2, title: 'second note', done: false },
      ]);
    } finally {
      await db.end();
    }
  });

  it('pages through a table 50 rows at a time, and filters it', async () => {
    await page.goto(`${studioUrl}/#/sql`);
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill('create table public.many (n int primary key); insert into public.many select generate_series(1, 120);');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('0 rows in').waitFor();
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('list', { name: 'Tables' }).getByRole('button', { name: 'many' }).click();
    await page.getByText('Rows 1–50 of 120').waitFor();
    const grid = page.getByRole('region', { name: 'Rows of many' });
    assert.equal(await grid.locator('tbody tr').count(), 50);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Rows 51–100 of 120').waitFor();
    await grid.getByRole('cell', { name: '51', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Rows 101–120 of 120').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Next page' }).isDisabled());
    // A filter is PostgREST's: the count and pages are the filtered rows'.
    const filter = page.getByRole('form', { name: 'Filter rows' });
    await filter.getByLabel('Operator').selectOption('gt');
    await filter.getByLabel('Value').fill('95');
    await filter.getByRole('button', { name: 'Apply filter' }).click();
    await page.getByText('Rows 1–25 of 25').waitFor();
    await grid.getByRole('cell', { name: '96', exact: true }).waitFor();
    await filter.getByRole('button', { name: 'Clear filter' }).click();
    await page.getByText('Rows 1–50 of 120').waitFor();
    await page.getByRole('list', { name: 'Tables' }).getByRole('button', { name: 'notes' }).click();
    await page.getByRole('region', { name: 'Rows of notes' }).waitFor();
  });

  it('sorts by a column header and deletes a row', async () => {
    const grid = page.getByRole('region', { name: 'Rows of notes' });
    await grid.getByRole('button', { name: 'title' }).click();
    await grid.getByRole('button', { name: 'title' }).click();
    assert.equal(await grid.getByRole('columnheader', { name: /title/ }).getAttribute('aria-sort'), 'descending');
    // Not waitForFunction: its polling evaluates a string, which the page's CSP forbids.
    await grid.locator('tbody tr').first().locator('td:nth-child(2)', { hasText: /^second note$/ }).waitFor();
    await screenshots('table-editor');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete row 1' }).click();
    await page.getByText('Rows 1–1 of 1').waitFor();
    assert.equal(await grid.getByRole('cell', { name: 'second note' }).count(), 0);
  });

  it('follows a foreign key to the row it points at', async () => {
    await page.goto(`${studioUrl}/#/sql`);
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill(
      "create table public.tags (id int primary key, note_id bigint references public.notes (id), label text); insert into public.tags values (1, 1, 'urgent'), (2, null, 'loose');",
    );
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('0 rows in').waitFor();
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('list', { name: 'Tables' }).getByRole('button', { name: 'tags' }).click();
    await page.getByText('Rows 1–2 of 2').waitFor();
    // Only a value that points somewhere is a link.
    assert.equal(await page.getByRole('button', { name: /^Open the notes row/ }).count(), 1);
    await page.getByRole('button', { name: 'Open the notes row where id is 1' }).click();
    const grid = page.getByRole('region', { name: 'Rows of notes' });
    await grid.getByRole('cell', { name: 'first note, edited' }).waitFor();
    await page.getByText('Rows 1–1 of 1').waitFor();
    const filter = page.getByRole('form', { name: 'Filter rows' });
    assert.equal(await filter.getByLabel('Filter column').inputValue(), 'id');
    assert.equal(await filter.getByLabel('Value').inputValue(), '1');
  });

  it('creates a user with a password through the Auth admin API, finds and deletes it', async () => {
    await page.goto(`${studioUrl}/#/users`);
    await page.getByRole('heading', { level: 1, name: 'Authentication users' }).waitFor();
    await page.getByText('No users').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.test');
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByRole('status').filter({ hasText: 'User ada@example.test created' }).waitFor();
    const grid = page.getByRole('region', { name: 'User list' });
    await grid.getByRole('cell', { name: 'ada@example.test', exact: true }).waitFor();
    // The password works: Auth signs the user in with it.
    const apiUrl = await page.evaluate(`JSON.parse(document.getElementById('studio-config').textContent).apiUrl`);
    const signIn = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.test', password: 'correct horse battery' }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    await page.getByLabel('Email', { exact: true }).fill('grace@example.test');
    await page.getByLabel('Password').fill('another long password');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Users 1–2 of 2').waitFor();
    await page.getByLabel('Search by email').fill('grace');
    await page.getByText('Users 1–1 of 1').waitFor();
    await screenshots('auth-users');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete grace@example.test' }).click();
    await page.getByRole('status').filter({ hasText: 'User grace@example.test deleted' }).waitFor();
    await page.getByText('No users').waitFor();
  });

  it('pages the users 50 at a time, with the total Auth counts', async () => {
    const apiUrl = (await page.evaluate(`JSON.parse(document.getElementById('studio-config').textContent).apiUrl`)) as string;
    const serviceRole = (await page.evaluate(`JSON.parse(document.getElementById('studio-config').textContent).serviceRoleKey`)) as string;
    for (let n = 1; n <= 51; n++) {
      const created = await fetch(`${apiUrl}/auth/v1/admin/users`, {
        method: 'POST',
        headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `many-${n}@example.test` }),
      });
      assert.equal(created.status, 200);
    }
    await page.getByLabel('Search by email').fill('many-');
    await page.getByText('Users 1–50 of 51').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Users 51–51 of 51').waitFor();
  });

  it('passes axe-core (the engine of Lighthouse accessibility) on every section, light and dark, at both widths', async () => {
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    const found: string[] = [];
    for (const hash of ['#/api', '#/sql', '#/tables', '#/users']) {
      await page.goto(`${studioUrl}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (hash === '#/tables') {
        await page.getByRole('list', { name: 'Tables' }).getByRole('button', { name: 'notes' }).click();
        await page.getByRole('region', { name: 'Rows of notes' }).waitFor();
      }
      await page.evaluate(axeSource);
      for (const scheme of ['light', 'dark'] as const) {
        for (const width of [390, 1280]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          const result = (await page.evaluate(`axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] })`)) as { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
          for (const violation of result.violations) found.push(`${hash} ${scheme} ${width}px: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(found, []);
  });

  it('says which service a section lacks when the stack left it out, and how to start it', async () => {
    assert.equal(project.run(['stop']).code, 0);
    const started = project.run(['start', '-x', 'postgres-meta', '-x', 'postgrest', '-x', 'gotrue']);
    assert.equal(started.code, 0, started.stderr);
    await page.goto(`${studioUrl}/#/sql`);
    await page.getByRole('alert').filter({ hasText: 'pg-meta is not running: it was left out with supabase start -x postgres-meta' }).waitFor();
    assert.match((await page.getByRole('alert').textContent()) ?? '', /Run supabase stop, then supabase start without leaving it out\./);
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('alert').filter({ hasText: 'rest is not running: it was left out with supabase start -x postgrest' }).waitFor();
    await page.goto(`${studioUrl}/#/users`);
    await page.getByRole('alert').filter({ hasText: 'auth is not running: it was left out with supabase start -x gotrue' }).waitFor();
    await screenshots('service-left-out');
  });

  it('is usable with the keyboard: a skip link, then the sections', async () => {
    // A page of its own: Tab starts from the top of a freshly loaded document.
    const fresh = await context.newPage();
    await fresh.goto(`${studioUrl}/#/api`);
    await fresh.getByRole('heading', { level: 1 }).waitFor();
    await fresh.keyboard.press('Tab');
    assert.equal(await fresh.evaluate('document.activeElement.textContent'), 'Skip to content');
    await fresh.keyboard.press('Tab');
    assert.equal(await fresh.evaluate(`document.activeElement.getAttribute('aria-current')`), 'page');
    await fresh.close();
  });
});
