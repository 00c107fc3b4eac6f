/**
 * The local Studio in a browser (Debian's chromium through playwright-core) against a native stack
 * started by the built CLI: the page at the studio port, its API settings, SQL editor and table
 * editor used as a user would, accessibility checked with axe-core, screenshots at 390 and 1280
 * px in light and dark kept in test/artifacts/studio-browser/, and Lighthouse's own accessibility
 * audit of every section.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, DEMO_ANON_KEY as ANON, openStudio, type StudioSession } from '../helpers/studio-session.js';
import { accessibilityOf } from '../helpers/lighthouse-accessibility.js';
import type { CliProject } from '../integration/support/cli-project.js';

describe('the local Studio in a browser, on a native stack started by the CLI', function () {
  this.timeout(180_000);
  let studio: StudioSession;
  let project: CliProject;
  let studioUrl: string;
  let context: BrowserContext;
  let page: Page;

  before(async function () {
    studio = await openStudio(this, 'studio-browser');
    ({ project, studioUrl, context, page } = studio);
  });
  after(() => studio?.close());

  /** Runs statements that return no rows in the SQL editor, as a user makes a table there. */
  async function makeInEditor(sql: string): Promise<void> {
    await page.goto(`${studioUrl}/#/sql`);
    await page.getByRole('textbox', { name: 'SQL', exact: true }).fill(sql);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText('0 rows in').waitFor();
  }

  /** Opens a table of public in the table editor from its list. */
  async function openTable(name: string): Promise<void> {
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name }).click();
  }

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
    await studio.screenshots('api-settings');
  });

  it('runs a script in the SQL editor and shows the rows of its last statement as a grid', async () => {
    await studio.pgMetaAnswers();
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
    await studio.screenshots('sql-editor-error');
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
    await studio.screenshots('sql-editor');
  });

  it('lists the tables of public with the one made in the SQL editor, its rows under typed columns', async () => {
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('heading', { level: 1, name: 'Table editor' }).waitFor();
    const tables = page.getByRole('list', { name: 'Tables' });
    await tables.getByRole('link', { name: 'notes' }).waitFor();
    // The project's migrations made `one` and `two`.
    assert.deepEqual(await tables.getByRole('link').allTextContents(), ['notes', 'one', 'two']);
    await tables.getByRole('link', { name: 'notes' }).click();
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
    await makeInEditor('create table public.many (n int primary key); insert into public.many select generate_series(1, 120);');
    await openTable('many');
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
    await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name: 'notes' }).click();
    await page.getByRole('region', { name: 'Rows of notes' }).waitFor();
  });

  it('sorts by a column header and deletes a row', async () => {
    const grid = page.getByRole('region', { name: 'Rows of notes' });
    await grid.getByRole('button', { name: 'title' }).click();
    await grid.getByRole('button', { name: 'title' }).click();
    assert.equal(await grid.getByRole('columnheader', { name: /title/ }).getAttribute('aria-sort'), 'descending');
    // Not waitForFunction: its polling evaluates a string, which the page's CSP forbids.
    await grid.locator('tbody tr').first().locator('td:nth-child(2)', { hasText: /^second note$/ }).waitFor();
    await studio.screenshots('table-editor');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete row 1' }).click();
    await page.getByText('Rows 1–1 of 1').waitFor();
    assert.equal(await grid.getByRole('cell', { name: 'second note' }).count(), 0);
  });

  it('follows a foreign key to the row it points at', async () => {
    await makeInEditor("create table public.tags (id int primary key, note_id bigint references public.notes (id), label text); insert into public.tags values (1, 1, 'urgent'), (2, null, 'loose');");
    await openTable('tags');
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

  it('keeps the table, its page, sort and filter in the address: a reload shows the same rows, Back the table a key was followed from', async () => {
    // Where the foreign key above led: notes, filtered on the id it held.
    assert.equal(new URL(page.url()).hash, '#/tables/public/notes?filter=id&op=eq&value=1');
    await page.reload();
    await page.getByRole('region', { name: 'Rows of notes' }).getByRole('cell', { name: 'first note, edited' }).waitFor();
    await page.getByText('Rows 1–1 of 1').waitFor();
    assert.equal(await page.getByRole('form', { name: 'Filter rows' }).getByLabel('Value').inputValue(), '1');
    assert.equal(await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name: 'notes' }).getAttribute('aria-current'), 'page');
    await page.goBack();
    await page.getByRole('region', { name: 'Rows of tags' }).getByRole('cell', { name: 'urgent' }).waitFor();

    await openTable('many');
    const grid = page.getByRole('region', { name: 'Rows of many' });
    await grid.getByRole('button', { name: /^n( |$)/ }).click();
    await grid.getByRole('button', { name: /^n( |$)/ }).click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('Rows 51–100 of 120').waitFor();
    assert.equal(new URL(page.url()).hash, '#/tables/public/many?page=2&sort=n.desc');
    await page.reload();
    await page.getByText('Rows 51–100 of 120').waitFor();
    await grid.locator('tbody tr').first().locator('td', { hasText: /^70$/ }).waitFor();
    assert.equal(await grid.getByRole('columnheader', { name: /^n/ }).getAttribute('aria-sort'), 'descending');
    // Sorting and paging rewrote the table's entry rather than add their own: Back is the list it was chosen from.
    await page.goBack();
    await page.getByText('Choose a table to see its rows.').waitFor();
    assert.equal(new URL(page.url()).hash, '#/tables');

    // A link to a table there is not says so.
    await page.goto(`${studioUrl}/#/tables/public/gone`);
    await page.getByText('There is no table gone in public.').waitFor();
  });

  it('keeps the row dialog open with the reason when a json field is not JSON, and inserts the row once corrected', async () => {
    await makeInEditor('create table public.docs (id int primary key, body jsonb);');
    await openTable('docs');
    await page.getByText('No rows').waitFor();
    await page.getByRole('button', { name: 'Insert row' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insert a row into docs' });
    await dialog.getByLabel('id').fill('1');
    await dialog.getByLabel('body').fill('{"size": 3');
    await dialog.getByRole('button', { name: 'Insert row' }).click();
    await dialog.getByRole('alert').filter({ hasText: /^not valid JSON: / }).waitFor();
    await dialog.getByLabel('body').fill('{"size": 3}');
    await dialog.getByRole('button', { name: 'Insert row' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('region', { name: 'Rows of docs' }).getByRole('cell', { name: '{"size":3}' }).waitFor();
  });

  it('passes axe-core (the engine of Lighthouse accessibility) on every section, light and dark, at both widths', async () => {
    const found: string[] = [];
    for (const hash of ['#/api', '#/sql', '#/tables', '#/users']) {
      await page.goto(`${studioUrl}/${hash}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (hash === '#/tables') {
        await page.getByRole('list', { name: 'Tables' }).getByRole('link', { name: 'notes' }).click();
        await page.getByRole('region', { name: 'Rows of notes' }).waitFor();
      }
      found.push(...(await axeViolations(page)).map((line) => `${hash} ${line}`));
    }
    assert.deepEqual(found, []);
  });

  it('scores 100 for accessibility in Lighthouse on every section of its navigation', async function () {
    this.timeout(300_000);
    await page.goto(`${studioUrl}/#/api`);
    const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
    await links.first().waitFor();
    const hashes = (await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''))).filter((href) => href.startsWith('#/'));
    assert.ok(hashes.length >= 4, `sections found: ${hashes.join(', ')}`);
    const below: string[] = [];
    for (const hash of hashes) {
      const report = await accessibilityOf(`${studioUrl}/${hash}`, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
      if (report.score < 100) below.push(`${hash}: ${report.score} (${report.failed.join('; ')})`);
    }
    assert.deepEqual(below, []);
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
