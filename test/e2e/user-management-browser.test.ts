/**
 * The user-management quickstart as a user lives it, in Chromium (Debian's, driven by
 * playwright-core): a copy of examples/user-management started on the native runtime, its app
 * built by Vite with the API URL and anon key of `status -o env` and served by `vite preview`, and
 * every step of the guide: a magic link read in the mail catcher's web inbox and followed, the
 * username's 3-character rule and uniqueness (the guide's SQL), an avatar uploaded and shown, then
 * replaced with the old file deleted from the bucket by the clean-up trigger through the native
 * Storage API, sign-out, and a second user refused the first one's profile by row level security.
 * Screenshots at 390 and 1280 px are kept under test/artifacts/user-management-browser/.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { copyExampleProject, EXAMPLE_APP, envValue } from '../helpers/example-project.js';
import { requireCommand } from '../helpers/require-command.js';
import { runCliAsync, type CliResult } from '../helpers/run-cli.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from '../integration/support/temp-project.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VITE = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../artifacts/user-management-browser', import.meta.url));
const options = { auth: { persistSession: false, autoRefreshToken: false } };

function succeeded(result: CliResult, what: string): void {
  assert.equal(result.code, 0, `${what} failed:\n${result.stdout}\n${result.stderr}`);
}

/** A small square PNG of one colour: two different ones tell the avatars apart on screen. */
function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: colour } }).png().toBuffer();
}

/** Resolves once `url` answers, or rejects naming what the server printed. */
async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`vite preview exited ${child.exitCode}:\n${output()}`);
    const answered = await fetch(url).then((response) => response.ok, () => false);
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`vite preview did not answer at ${url}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('examples/user-management in Chromium against the native stack', function () {
  this.timeout(300_000);
  let root: string;
  let env: NodeJS.ProcessEnv;
  let preview: ChildProcess | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let appUrl: string;
  let inboxUrl: string;
  let apiUrl: string;
  let anonKey: string;
  let admin: SupabaseClient;
  let dbUrl: string;
  const shots: string[] = [];
  const cli = (args: string[]) => runCliAsync([...args, '--workdir', root], { env });

  /** The page at both widths the issue names, full length, kept as artifacts. */
  async function screenshots(step: string, shown = page): Promise<void> {
    for (const width of [390, 1280]) {
      await shown.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      // Nothing may push the page wider than the screen (a phone would scroll sideways).
      const overflowing = await shown.evaluate<string[]>(`[...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > ${width})
        .map((element) => '<' + element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '> ends at ' + Math.ceil(element.getBoundingClientRect().right) + ' px')`);
      assert.deepEqual(overflowing, [], `${step}: wider than a ${width} px screen`);
      const file = path.join(ARTIFACTS, `${step}-${width}.png`);
      await shown.screenshot({ path: file, fullPage: true });
      shots.push(file);
    }
  }

  /** The avatars bucket's object names, as the service role sees them. */
  async function bucketNames(): Promise<string[]> {
    const { data, error } = await admin.storage.from('avatars').list();
    assert.equal(error, null);
    return data!.map((object) => object.name).sort();
  }

  async function profileOf(email: string): Promise<{ id: string; username: string | null; avatar_url: string | null }> {
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const { rows } = await db.query('select p.id, p.username, p.avatar_url from public.profiles p join auth.users u on u.id = p.id where u.email = $1', [email]);
      assert.equal(rows.length, 1, `one profile for ${email}`);
      return rows[0];
    } finally {
      await db.end();
    }
  }

  before(async function () {
    requireCommand(this, CHROMIUM, ['--version'], 'apt-get install -y chromium');
    await mkdir(ARTIFACTS, { recursive: true });
    root = await tempDir('user-management-browser');
    const config = await copyExampleProject(root);
    const previewPort = await freePort();
    appUrl = `http://127.0.0.1:${previewPort}`;
    // The app's address is where magic links come back to, as site_url is for the dev server.
    await writeFile(config, (await readFile(config, 'utf8')).replace(/^site_url = .*$/m, `site_url = "${appUrl}"`));
    env = await nativeTestEnv({ SUPABASE_RUNTIME: 'native' });
    succeeded(await cli(['start']), 'start');
    const status = await cli(['status', '-o', 'env', '--override-name', 'api.url=VITE_SUPABASE_URL', '--override-name', 'auth.anon_key=VITE_SUPABASE_ANON_KEY']);
    succeeded(status, 'status');
    apiUrl = envValue(status.stdout, 'VITE_SUPABASE_URL');
    anonKey = envValue(status.stdout, 'VITE_SUPABASE_ANON_KEY');
    inboxUrl = envValue(status.stdout, 'INBUCKET_URL');
    dbUrl = envValue(status.stdout, 'DB_URL');
    const serviceRoleKey = envValue(status.stdout, 'SERVICE_ROLE_KEY');
    admin = createClient(apiUrl, serviceRoleKey, options);
    // The avatar clean-up's settings as Vault secrets, pointing at this stack's own Storage API.
    // Not app.settings.*: a database default reaches only sessions opened after it, and the
    // gateway's pooled connections are older.
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      await db.query(`select vault.create_secret($1, 'project_url'), vault.create_secret($2, 'service_role_key')`, [apiUrl, serviceRoleKey]);
    } finally {
      await db.end();
    }

    const outDir = path.join(root, 'app-dist');
    const build = spawnSync(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: EXAMPLE_APP,
      env: { ...process.env, VITE_SUPABASE_URL: apiUrl, VITE_SUPABASE_ANON_KEY: anonKey },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, `vite build failed:\n${build.stdout}\n${build.stderr}`);
    let output = '';
    preview = spawn(process.execPath, [VITE, 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(previewPort), '--strictPort'], {
      cwd: EXAMPLE_APP,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    preview.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    preview.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForHttp(appUrl, preview, () => output);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
    if (preview && preview.exitCode === null) {
      const exited = new Promise((resolve) => preview!.once('exit', resolve));
      preview.kill('SIGTERM');
      await exited;
    }
    if (root) await cli(['stop', '--no-backup']).catch(() => undefined);
    if (root) await removeDir(root);
    if (shots.length > 0) console.log(`      screenshots (390 and 1280 px): ${ARTIFACTS}`);
  });

  it('signs in with the magic link read in the mail catcher\'s web inbox', async () => {
    await page.goto(appUrl);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshots('1-sign-in');
    await page.getByLabel('Email').fill('alice@example.com');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await page.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();

    // The web inbox as a user opens it: the mailbox by name, then the message.
    const inbox = await page.context().newPage();
    await inbox.goto(inboxUrl);
    await inbox.getByPlaceholder('name (the part before @)').fill('alice');
    await inbox.getByRole('button', { name: 'Open' }).click();
    await inbox.getByRole('heading', { name: 'Mailbox alice' }).waitFor();
    await inbox.locator('tbody a').last().click();
    const link = inbox.frameLocator('iframe').locator('a').first();
    await link.waitFor();
    await screenshots('2-mail-catcher-inbox', inbox);
    // The mail's link opens a new tab (the frame's base target): that tab is the signed-in app.
    const [signedIn] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await inbox.close();
    await page.close();
    page = signedIn;
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    assert.equal(new URL(page.url()).origin, appUrl);
    assert.equal(await page.getByLabel('Email').inputValue(), 'alice@example.com');
  });

  it('refuses a username under 3 characters and one another user has, and saves a good one', async () => {
    // Another user takes "bobby" first, through the API as their own app would.
    const created = await admin.auth.admin.createUser({ email: 'bob@example.com', password: 'bob-password-1', email_confirm: true });
    assert.equal(created.error, null);
    const bob = createClient(apiUrl, anonKey, options);
    assert.equal((await bob.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-1' })).error, null);
    assert.equal((await bob.from('profiles').update({ username: 'bobby' }).eq('id', created.data.user!.id)).error, null);

    const username = page.getByLabel('Username');
    const save = page.getByRole('button', { name: 'Update profile' });
    await username.fill('al');
    await page.getByText('Username must be at least 3 characters.').waitFor();
    assert.equal(await save.isDisabled(), true, 'a 2-character username cannot be saved');
    await screenshots('3-username-too-short');

    await username.fill('bobby');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'duplicate key value violates unique constraint "profiles_username_key"' }).waitFor();
    assert.equal((await profileOf('alice@example.com')).username, null, 'the taken name is not saved');

    await username.fill('alice');
    await save.click();
    await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    assert.equal((await profileOf('alice@example.com')).username, 'alice');
  });

  it('uploads an avatar and shows it, then replaces it and the old file leaves the bucket', async () => {
    const files = path.join(root, 'photos');
    await mkdir(files, { recursive: true });
    await writeFile(path.join(files, 'red.png'), await png('#d9534f'));
    await writeFile(path.join(files, 'green.png'), await png('#3ecf8e'));

    await page.getByLabel('Upload an avatar').setInputFiles(path.join(files, 'red.png'));
    const avatar = page.getByRole('img', { name: 'Avatar' });
    await avatar.waitFor();
    await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
    assert.match((await avatar.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    const first = (await profileOf('alice@example.com')).avatar_url;
    assert.ok(first);
    assert.deepEqual(await bucketNames(), [first]);
    assert.equal(await page.evaluate(`(() => { const image = document.querySelector('img[alt="Avatar"]'); return image.complete && image.naturalWidth; })()`), 96, 'the image is decoded');
    await screenshots('4-profile-with-avatar');

    const before = await avatar.getAttribute('src');
    await page.getByLabel('Upload an avatar').setInputFiles(path.join(files, 'green.png'));
    await page.waitForFunction(`document.querySelector('img[alt="Avatar"]')?.getAttribute('src') !== ${JSON.stringify(before)}`);
    // The new picture shows as soon as it is uploaded; the profile's save (and with it the
    // trigger's deletion) commits a moment later.
    let second: string | null = first;
    for (const deadline = Date.now() + 10_000; second === first && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      second = (await profileOf('alice@example.com')).avatar_url;
    }
    assert.ok(second && second !== first, 'the profile points at the new avatar');
    assert.deepEqual(await bucketNames(), [second], 'the replaced avatar was deleted by the clean-up trigger');
    await screenshots('5-avatar-replaced');
  });

  it('signs out back to the sign-in form', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.evaluate(`Object.keys(localStorage).filter((key) => key.includes('auth-token')).length`), 0);
  });

  it('a second user can neither change the first one\'s profile nor read their account', async () => {
    const alice = await profileOf('alice@example.com');
    const bob = createClient(apiUrl, anonKey, options);
    assert.equal((await bob.auth.signInWithPassword({ email: 'bob@example.com', password: 'bob-password-1' })).error, null);

    const updated = await bob.from('profiles').update({ username: 'hacked' }).eq('id', alice.id).select();
    assert.equal(updated.error, null);
    assert.deepEqual(updated.data, [], 'row level security leaves no row of Alice\'s to update');
    const upserted = await bob.from('profiles').upsert({ id: alice.id, username: 'hacked', avatar_url: null });
    assert.equal(upserted.error?.code, '42501', 'an upsert onto her row is refused');
    const deleted = await bob.from('profiles').delete().eq('id', alice.id).select();
    assert.deepEqual(deleted.data ?? [], []);
    // Her avatar file cannot be overwritten either: only its owner may update it.
    const overwrite = await bob.storage.from('avatars').upload(alice.avatar_url!, await png('#000000'), { upsert: true, contentType: 'image/png' });
    assert.ok(overwrite.error, 'the upsert of her avatar is refused');
    // Her account (email and all) is for the service role only.
    const account = await bob.auth.admin.getUserById(alice.id);
    assert.ok(account.error, 'a user\'s token cannot read another account');

    assert.deepEqual(await profileOf('alice@example.com'), alice, 'her profile is unchanged');
    assert.deepEqual(await bucketNames(), [alice.avatar_url]);
  });
});
