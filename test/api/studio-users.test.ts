/**
 * The local Studio's Authentication users section in a browser against a native stack started by
 * the built CLI (users created with a password, invited by mail, searched, paged, deleted through
 * the native Auth's admin API), and every section naming the service it lacks once the stack is
 * started again with `-x`; screenshots in test/artifacts/studio-users/.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_ANON_KEY as ANON, openStudio, type StudioSession } from '../helpers/studio-session.js';
import type { CliProject } from '../integration/support/cli-project.js';

describe('the local Studio: Auth users, and sections whose service was left out', function () {
  this.timeout(180_000);
  let studio: StudioSession;
  let project: CliProject;
  let studioUrl: string;
  let page: Page;

  before(async function () {
    studio = await openStudio(this, 'studio-users');
    ({ project, studioUrl, page } = studio);
  });
  after(() => studio?.close());

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
    const apiUrl = await studio.setting('apiUrl');
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
    // Typed a key at a time, as a user does: each key rewrites the address the box reads.
    await page.getByLabel('Search by email').pressSequentially('grace');
    await page.getByText('Users 1–1 of 1').waitFor();
    assert.equal(await page.getByLabel('Search by email').inputValue(), 'grace');
    await studio.screenshots('auth-users');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete grace@example.test' }).click();
    await page.getByRole('status').filter({ hasText: 'User grace@example.test deleted' }).waitFor();
    await page.getByText('No users').waitFor();
  });

  it('invites a user by mail through Auth\'s /invite, and the invitation lands in the mail catcher', async () => {
    const inbucketUrl = (JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>).INBUCKET_URL;
    assert.ok(inbucketUrl, 'status names the mail catcher');
    await page.getByLabel('Email to invite').fill('linus@example.test');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation mailed to linus@example.test' }).waitFor();
    // The invited user exists at once, not yet confirmed: the link in the mail confirms them.
    await page.getByLabel('Search by email').fill('linus');
    const row = page.getByRole('region', { name: 'User list' }).getByRole('row').filter({ hasText: 'linus@example.test' });
    await row.getByRole('cell', { name: 'no', exact: true }).waitFor();
    let mails: Array<{ id: string; subject: string }> = [];
    for (let waited = 0; mails.length === 0 && waited < 10_000; waited += 100) {
      mails = (await (await fetch(`${inbucketUrl}/api/v1/mailbox/linus`)).json()) as typeof mails;
      if (mails.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(mails.length, 1, 'one invitation in the mailbox');
    assert.equal(mails[0]!.subject, 'You have been invited');
    const mail = (await (await fetch(`${inbucketUrl}/api/v1/mailbox/linus/${mails[0]!.id}`)).json()) as { body: { html: string } };
    assert.match(mail.body.html, /\/auth\/v1\/verify\?token=[^"]+type=invite/);
    await studio.screenshots('auth-invite');
  });

  it('pages the users 50 at a time, with the total Auth counts', async () => {
    const apiUrl = await studio.setting('apiUrl');
    const serviceRole = await studio.setting('serviceRoleKey');
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
    // The search and the page are the address: a reload shows the same users.
    assert.equal(new URL(page.url()).hash, '#/users?search=many-&page=2');
    await page.reload();
    await page.getByText('Users 51–51 of 51').waitFor();
    assert.equal(await page.getByLabel('Search by email').inputValue(), 'many-');
  });

  it('says which service a section lacks when the stack left it out, and how to start it', async () => {
    assert.equal(project.run(['stop']).code, 0);
    const started = project.run(['start', '-x', 'postgres-meta', '-x', 'postgrest', '-x', 'gotrue', '-x', 'storage-api']);
    assert.equal(started.code, 0, started.stderr);
    await page.goto(`${studioUrl}/#/sql`);
    await page.getByRole('alert').filter({ hasText: 'pg-meta is not running: it was left out with supabase start -x postgres-meta' }).waitFor();
    assert.match((await page.getByRole('alert').textContent()) ?? '', /Run supabase stop, then supabase start without leaving it out\./);
    await page.goto(`${studioUrl}/#/tables`);
    await page.getByRole('alert').filter({ hasText: 'rest is not running: it was left out with supabase start -x postgrest' }).waitFor();
    await page.goto(`${studioUrl}/#/users`);
    await page.getByRole('alert').filter({ hasText: 'auth is not running: it was left out with supabase start -x gotrue' }).waitFor();
    await page.goto(`${studioUrl}/#/storage`);
    await page.getByRole('alert').filter({ hasText: 'storage is not running: it was left out with supabase start -x storage-api' }).waitFor();
    // Said once, by the notice: the bucket list's failure is neither a second alert nor a list forever loading.
    assert.equal(await page.getByRole('alert').count(), 1);
    await page.getByRole('heading', { name: 'Buckets' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByText('Loading…').count(), 0);
    await studio.screenshots('service-left-out');
  });
});
