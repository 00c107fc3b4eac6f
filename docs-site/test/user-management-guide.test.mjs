// The user-management quickstart renders every step, in order, with the commands and SQL each one
// needs, and reads on a phone as on a desktop.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserSuiteOptions, openSite, visit } from './helpers/browser.mjs';

const ROUTE = '/guides/getting-started/tutorials/with-react';
const STEPS = [
  'Step 1: Create a project and link it',
  'Step 2: Pull the current schema',
  'Step 3: Create the starter migration',
  'Step 4: Give the database its Storage settings',
  'Step 5: Apply and test the migration locally',
  'Step 6: Push it to your project',
  'Step 7: Generate the TypeScript types',
  'Step 8: Build the React app',
  'Run the finished example',
];
// What each step must show in a code block.
const CODE = [
  'supabase link --project-ref <project-ref>',
  'supabase db pull',
  'supabase migration new user_management_starter',
  'create table public.profiles',
  'constraint username_length check (char_length(username) >= 3)',
  'create trigger on_auth_user_created',
  "insert into storage.buckets (id, name) values ('avatars', 'avatars');",
  'create extension if not exists http with schema extensions;',
  "raise warning 'Could not delete avatar: % %'",
  'create trigger before_profile_changes',
  'create trigger before_delete_user',
  "select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');",
  'alter database postgres set app.settings.service_role_key',
  'supabase test db',
  'supabase db push',
  'supabase gen types typescript --local > src/database.types.ts',
  'npm install @supabase/supabase-js',
  'cd examples/user-management',
];

describe('user-management quickstart', browserSuiteOptions(), () => {
  let site;
  before(async () => { site = await openSite(); });
  after(() => site?.close());

  it('renders every step in order, each with its commands and SQL', async () => {
    const page = await site.newPage();
    const response = await visit(page, site.baseUrl, ROUTE);
    assert.equal(response.status(), 200);
    assert.equal(await page.locator('main h1').first().textContent(), 'Build a User Management App with React');
    const headings = (await page.locator('main h2').allTextContents()).map((text) => text.replace(/#$/, '').trim());
    assert.deepEqual(headings.filter((text) => STEPS.includes(text)), STEPS);
    const code = (await page.locator('main pre').allTextContents()).join('\n');
    for (const snippet of CODE) assert.ok(code.includes(snippet), `a code block shows ${snippet}`);
    // The in-page link to the finished example leads to its section.
    await page.getByRole('link', { name: 'Run the finished example' }).first().click();
    assert.equal(new URL(page.url()).hash, '#run-the-finished-example');
    assert.ok(await page.locator('#run-the-finished-example').isVisible());
  });

  it('runs the example with no hosted project, showing screenshots of the real run', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, ROUTE);
    assert.ok(await page.getByRole('heading', { name: 'With no hosted project: supabase start' }).isVisible());
    const shots = page.locator('main figure.screenshot img');
    assert.equal(await shots.count(), 3);
    for (const shot of await shots.all()) {
      await shot.scrollIntoViewIfNeeded();
      await page.waitForFunction((image) => image.complete, await shot.elementHandle());
      const { naturalWidth, alt, src } = await shot.evaluate((image) => ({ naturalWidth: image.naturalWidth, alt: image.alt, src: image.getAttribute('src') }));
      assert.ok(naturalWidth > 0, `${src} loads`);
      assert.ok(alt.length > 20, `${src} says what it shows`);
    }
  });

  it('the page is listed in the Getting Started navigation', async () => {
    const page = await site.newPage();
    await visit(page, site.baseUrl, '/guides/getting-started');
    assert.ok(await page.locator(`.sidebar a[href="${ROUTE}"]`).count() >= 1);
  });

  it('does not scroll sideways at 390 px', async () => {
    const page = await site.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await visit(page, site.baseUrl, ROUTE);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `the page is ${width} px wide`);
    for (const step of STEPS) assert.ok(await page.getByRole('heading', { name: step }).isVisible(), `${step} is shown`);
  });
});
