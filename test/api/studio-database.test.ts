/**
 * The local Studio's Database section in a browser against a native stack started by the built
 * CLI: a policy, a function and a trigger made through psql's protocol (pg) shown as postgres-meta
 * lists them, an extension enabled and disabled (checked in pg_extension), the roles, and the
 * migration history beside supabase/migrations; axe-core on every view; screenshots in
 * test/artifacts/studio-database/.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { axeViolations, openStudio, type StudioSession } from '../helpers/studio-session.js';
import type { CliProject } from '../integration/support/cli-project.js';

/** Objects made beside the project's migrations, as a user would in psql. */
const SCHEMA_SQL = `
create table public.notes (id bigint primary key, owner uuid, body text, updated_at timestamptz);
alter table public.notes enable row level security;
create policy "owners read their notes" on public.notes for select to authenticated using (owner = auth.uid());
create policy "owners add notes" on public.notes for insert to authenticated with check (owner = auth.uid() and length(body) < 500);
create function public.touch_updated_at() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
create trigger notes_touch before update on public.notes for each row execute function public.touch_updated_at();
create trigger notes_paused after insert or delete on public.notes for each statement execute function public.touch_updated_at();
alter table public.notes disable trigger notes_paused;
create role report_reader login connection limit 3;
create function public.add(a int, b int default 1) returns int language sql immutable as 'select a + b';
`;

describe('the local Studio: the Database section', function () {
  this.timeout(180_000);
  let studio: StudioSession;
  let project: CliProject;
  let studioUrl: string;
  let page: Page;
  let db: pg.Client | undefined;

  /** Opens the Database section on one of its views. */
  async function openView(title: string): Promise<Locator> {
    await page.goto(`${studioUrl}/#/database`);
    // A goto that changes nothing but the hash keeps the document; each view starts from a load.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Database' }).waitFor();
    await page.getByRole('navigation', { name: 'Database objects' }).getByRole('link', { name: title, exact: true }).click();
    return page.getByRole('region', { name: title, exact: true });
  }

  /** The texts of the grid's row whose first cell is `first`, once that row is there. */
  async function cellsOf(grid: Locator, first: string): Promise<string[]> {
    const row = grid.locator('tbody tr', { has: page.getByRole('cell', { name: first, exact: true }) }).first();
    await row.waitFor();
    return row.getByRole('cell').allTextContents();
  }

  before(async function () {
    studio = await openStudio(this, 'studio-database');
    ({ project, studioUrl, page } = studio);
    db = new pg.Client({ connectionString: project.url });
    await db.connect();
    await db.query(SCHEMA_SQL);
    await studio.pgMetaAnswers();
  });
  after(async () => {
    await db?.end();
    db = undefined;
    await studio?.close();
  });

  it('shows each table of a schema with its row level security and its policies with their expressions', async () => {
    const view = await openView('Policies');
    const notes = view.getByRole('region', { name: 'public.notes' });
    await notes.getByText('Row level security is enabled.').waitFor();
    const policies = notes.getByRole('list', { name: 'Policies of notes' }).getByRole('listitem');
    assert.equal(await policies.count(), 2);
    const read = policies.filter({ hasText: 'owners read their notes' });
    assert.match((await read.textContent()) ?? '', /CommandSELECT.*KindpermissiveRolesauthenticatedUSING\(owner = auth\.uid\(\)\)WITH CHECKnone/);
    const add = policies.filter({ hasText: 'owners add notes' });
    assert.match((await add.textContent()) ?? '', /CommandINSERT.*USINGnoneWITH CHECK\(\(owner = auth\.uid\(\)\) AND \(length\(body\) < 500\)\)/);
    // The migrations' tables have neither row level security nor policies.
    await view.getByRole('region', { name: 'public.one' }).getByText('Row level security is disabled.').waitFor();
    await studio.screenshots('policies');
  });

  it('lists the functions of a schema with their signature, and shows a definition when chosen', async () => {
    const view = await openView('Functions');
    const grid = view.getByRole('region', { name: 'Functions of public' });
    await grid.waitFor();
    assert.deepEqual(await cellsOf(grid, 'touch_updated_at'), ['touch_updated_at', '(none)', 'trigger', 'plpgsql', 'definer', 'Definition']);
    assert.deepEqual(await cellsOf(grid, 'add'), ['add', 'a integer, b integer DEFAULT 1', 'integer', 'sql', 'invoker', 'Definition']);
    await grid.getByRole('button', { name: 'Definition of touch_updated_at()' }).click();
    const definition = view.getByRole('region', { name: 'Definition of touch_updated_at()' });
    assert.match((await definition.textContent()) ?? '', /^CREATE OR REPLACE FUNCTION public\.touch_updated_at\(\)\n RETURNS trigger\n LANGUAGE plpgsql\n SECURITY DEFINER[\s\S]*new\.updated_at := now\(\);/);
    await studio.screenshots('functions');
  });

  it('lists the triggers of a schema: table, timing, events, function and whether they fire', async () => {
    const view = await openView('Triggers');
    const grid = view.getByRole('region', { name: 'Triggers of public' });
    await grid.waitFor();
    assert.deepEqual(await cellsOf(grid, 'notes_touch'), ['notes_touch', 'notes', 'BEFORE each ROW', 'UPDATE', 'public.touch_updated_at()', 'yes']);
    const paused = await cellsOf(grid, 'notes_paused');
    assert.equal(paused[2], 'AFTER each STATEMENT');
    assert.deepEqual(paused[3]!.split(' or ').sort(), ['DELETE', 'INSERT']);
    assert.equal(paused[5], 'no');
    // Another schema's triggers are that schema's: auth has none of public's.
    await view.getByLabel('Schema').selectOption('auth');
    await view.getByText(/No triggers on the tables of auth|Triggers of auth/).first().waitFor();
    assert.equal(await view.getByRole('cell', { name: 'notes_touch', exact: true }).count(), 0);
  });

  it('enables an extension into the extensions schema and disables it after a confirmation', async () => {
    const installed = async () => (await db!.query<{ schema: string }>("select extnamespace::regnamespace::text as schema from pg_extension where extname = 'hstore'")).rows;
    assert.deepEqual(await installed(), []);
    const view = await openView('Extensions');
    await view.getByLabel('Search extensions').fill('hstore');
    const grid = view.getByRole('region', { name: 'Extension list' });
    assert.equal((await cellsOf(grid, 'hstore'))[1], 'available');
    // The keyboard reaches the button and opens the dialog.
    await grid.getByRole('button', { name: 'Enable hstore', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Enable hstore' });
    assert.equal(await dialog.getByLabel('Schema').inputValue(), 'extensions');
    await studio.screenshots('extension-enable');
    await dialog.getByRole('button', { name: 'Enable extension' }).click();
    await view.getByRole('status').filter({ hasText: 'Extension hstore enabled in extensions' }).waitFor();
    assert.deepEqual(await installed(), [{ schema: 'extensions' }]);
    assert.equal((await cellsOf(grid, 'hstore'))[1], 'installed in extensions');

    let asked = '';
    page.once('dialog', (confirmation) => {
      asked = confirmation.message();
      void confirmation.dismiss();
    });
    await grid.getByRole('button', { name: 'Disable hstore', exact: true }).click();
    assert.match(asked, /^Disable the extension hstore\?/);
    assert.deepEqual(await installed(), [{ schema: 'extensions' }], 'a dismissed confirmation keeps the extension');
    page.once('dialog', (confirmation) => void confirmation.accept());
    await grid.getByRole('button', { name: 'Disable hstore', exact: true }).click();
    await view.getByRole('status').filter({ hasText: 'Extension hstore disabled' }).waitFor();
    assert.deepEqual(await installed(), []);
    await grid.getByRole('button', { name: 'Enable hstore', exact: true }).waitFor();
  });

  it('shows why an extension could not be enabled, in the dialog', async () => {
    const view = await openView('Extensions');
    await view.getByLabel('Search extensions').fill('citext');
    await view.getByRole('button', { name: 'Enable citext', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable citext' });
    // Made meanwhile by someone else: the server's refusal is the dialog's to show.
    await dialog.getByLabel('Schema').selectOption('public');
    await db!.query('create extension citext schema public');
    await dialog.getByRole('button', { name: 'Enable extension' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'extension "citext" already exists' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await db!.query('drop extension citext');
  });

  it('lists the roles and what each may do', async () => {
    const view = await openView('Roles');
    const grid = view.getByRole('region', { name: 'Role list' });
    await grid.waitFor();
    assert.deepEqual(await grid.getByRole('columnheader').allTextContents(), ['name', 'login', 'superuser', 'create db', 'create role', 'replication', 'bypass RLS', 'connection limit']);
    assert.deepEqual((await cellsOf(grid, 'anon')).slice(1), ['no', 'no', 'no', 'no', 'no', 'no', 'none']);
    assert.deepEqual((await cellsOf(grid, 'report_reader')).slice(1), ['yes', 'no', 'no', 'no', 'no', 'no', '3']);
    assert.equal((await cellsOf(grid, 'authenticator'))[1], 'yes');
    assert.equal((await cellsOf(grid, 'service_role'))[6], 'yes');
    await studio.screenshots('roles');
  });

  it('lists the migration history with the file each version came from, missing or not applied', async () => {
    const view = await openView('Migrations');
    const grid = view.getByRole('region', { name: 'Migration history' });
    await grid.waitFor();
    assert.deepEqual(await cellsOf(grid, '20240101000000'), ['20240101000000', 'one', 'applied', '1', 'supabase/migrations/20240101000000_one.sql']);
    assert.deepEqual(await cellsOf(grid, '20240102000000'), ['20240102000000', 'two', 'applied', '1', 'supabase/migrations/20240102000000_two.sql']);
    await studio.screenshots('migrations');

    // One file gone from disk, one written and not applied, one not named as a migration.
    const migrations = path.join(project.root, 'supabase', 'migrations');
    const two = readFileSync(path.join(migrations, '20240102000000_two.sql'), 'utf8');
    rmSync(path.join(migrations, '20240102000000_two.sql'));
    writeFileSync(path.join(migrations, '20240103000000_three.sql'), 'create table public.three (id int);\n');
    writeFileSync(path.join(migrations, 'notes.sql'), '-- not a migration\n');
    try {
      const again = (await openView('Migrations')).getByRole('region', { name: 'Migration history' });
      await again.getByRole('cell', { name: '20240103000000', exact: true }).waitFor();
      assert.deepEqual(await cellsOf(again, '20240102000000'), ['20240102000000', 'two', 'applied', '1', 'missing on disk']);
      assert.deepEqual(await cellsOf(again, '20240103000000'), ['20240103000000', 'three', 'not applied', 'NULL', 'supabase/migrations/20240103000000_three.sql']);
      await page.getByText('Skipped in supabase/migrations (not named <timestamp>_name.sql): notes.sql').waitFor();
    } finally {
      writeFileSync(path.join(migrations, '20240102000000_two.sql'), two);
      rmSync(path.join(migrations, '20240103000000_three.sql'));
      rmSync(path.join(migrations, 'notes.sql'));
    }
  });

  it('keeps the view and the schema in the address: a reload, a shared link and the back button open them again', async () => {
    const views = page.getByRole('navigation', { name: 'Database objects' });
    const triggers = await openView('Triggers');
    await triggers.getByLabel('Schema').selectOption('auth');
    await triggers.getByText(/No triggers on the tables of auth|Triggers of auth/).first().waitFor();

    assert.equal(new URL(page.url()).hash, '#/database/triggers?schema=auth');
    await page.reload();
    await page.getByRole('region', { name: 'Triggers', exact: true }).waitFor();
    assert.equal(await views.getByRole('link', { name: 'Triggers', exact: true }).getAttribute('aria-current'), 'page');
    // Each view is a link to its address with the schema kept, so it opens in a tab of its own too.
    assert.equal(await views.getByRole('link', { name: 'Roles', exact: true }).getAttribute('href'), '#/database/roles?schema=auth');
    assert.equal(await views.getByRole('link', { name: 'Roles', exact: true }).getAttribute('aria-current'), null);
    assert.equal(await page.getByLabel('Schema').inputValue(), 'auth');
    await studio.screenshots('triggers-auth-reloaded');

    // The address, opened in another page as a colleague would open a link to it.
    const shared = await studio.context.newPage();
    try {
      await shared.goto(page.url());
      const view = shared.getByRole('region', { name: 'Triggers', exact: true });
      await view.getByText(/No triggers on the tables of auth|Triggers of auth/).first().waitFor();
      assert.equal(await view.getByLabel('Schema').inputValue(), 'auth');
    } finally {
      await shared.close();
    }

    // Another view is another entry of the history: back returns to the triggers of auth.
    await views.getByRole('link', { name: 'Roles', exact: true }).click();
    await page.getByRole('region', { name: 'Role list' }).waitFor();
    await page.goBack();
    await page.getByRole('region', { name: 'Triggers', exact: true }).getByText(/No triggers on the tables of auth|Triggers of auth/).first().waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Database');
    // The schema choice rewrote its entry rather than adding one: the next Back leaves the triggers.
    await page.goBack();
    await page.getByRole('region', { name: 'Functions', exact: true }).waitFor();

    // An address naming no view there is (here not even valid percent-encoding) opens the first, with its schema.
    await page.goto(`${studioUrl}/#/database/%E0%A4%A?schema=auth`);
    await page.reload();
    await page.getByRole('region', { name: 'Functions', exact: true }).getByText(/No functions in auth|Functions of auth/).first().waitFor();
  });

  it('passes axe-core on every view, light and dark, at both widths', async () => {
    const found: string[] = [];
    for (const title of ['Functions', 'Triggers', 'Policies', 'Extensions', 'Roles', 'Migrations']) {
      const view = await openView(title);
      await view.locator('table, .cards').first().waitFor();
      if (title === 'Functions') await view.getByRole('button', { name: 'Definition of add(a integer, b integer DEFAULT 1)' }).click();
      found.push(...(await axeViolations(page)).map((line) => `${title} ${line}`));
    }
    assert.deepEqual(found, []);
  });

  it('says postgres-meta is not running when the stack left it out, and how to start it', async () => {
    // Closed first: a client whose server stops under it fails with an error nobody listens to.
    await db!.end();
    db = undefined;
    assert.equal(project.run(['stop']).code, 0);
    const started = project.run(['start', '-x', 'postgres-meta']);
    assert.equal(started.code, 0, started.stderr);
    const view = await openView('Policies');
    await page.getByRole('alert').filter({ hasText: 'pg-meta is not running: it was left out with supabase start -x postgres-meta' }).waitFor();
    // The notice says it once; the view claims no load under way and repeats no error.
    await view.getByText('Loading…').waitFor({ state: 'hidden', timeout: 10_000 });
    assert.equal(await page.getByRole('alert').count(), 1);
  });
});
