/**
 * The local Studio's Storage section in a browser against a native stack started by the built
 * CLI: a bucket created with its limits, files uploaded through the page's file input (one, then
 * two into a folder), downloaded and compared byte for byte, their public and signed URLs opened
 * and copied, deleted; the bucket's MIME types refusing an upload, the bucket emptied and deleted;
 * axe-core on the section; screenshots in test/artifacts/studio-storage/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, openStudio, type StudioSession } from '../helpers/studio-session.js';

const HELLO = Buffer.from('Hello from the local Studio\n', 'utf8');
// Bytes a text decoder would mangle: the download must hand back exactly these.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80, 0x7f, 0x00, 0x01]);

describe('the local Studio: Storage buckets and files through the native Storage API', function () {
  this.timeout(180_000);
  let studio: StudioSession;
  let page: Page;

  before(async function () {
    studio = await openStudio(this, 'studio-storage');
    page = studio.page;
  });
  after(() => studio?.close());

  const status = (text: string) => page.getByRole('status').filter({ hasText: text }).waitFor();
  const files = () => page.getByRole('region', { name: /^Files in / });

  it('creates a public bucket with a size limit and MIME types, and shows them', async () => {
    await page.goto(`${studio.studioUrl}/#/storage`);
    await page.getByRole('heading', { level: 1, name: 'Storage' }).waitFor();
    await page.getByText('No buckets yet: create one below.').waitFor();
    await page.getByLabel('Bucket name').fill('avatars');
    await page.getByLabel('Public: anyone can read its files').check();
    await page.getByLabel('Size limit per file').fill('1MB');
    await page.getByLabel('Allowed MIME types').fill('text/plain, image/png');
    await page.getByRole('button', { name: 'Create bucket' }).click();
    await status('Bucket avatars created');
    await page.getByRole('heading', { level: 2, name: 'avatars' }).waitFor();
    await page.getByText('public · files up to 1 MB · types text/plain, image/png').waitFor();
    await page.getByText('This bucket is empty: upload files into it.').waitFor();
    // Storage itself holds the bucket as the form said.
    const serviceRole = await studio.setting('serviceRoleKey');
    const bucket = (await (await fetch(`${await studio.setting('apiUrl')}/storage/v1/bucket/avatars`, { headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` } })).json()) as Record<string, unknown>;
    assert.equal(bucket.public, true);
    // Storage's units are decimal: 1MB is a million bytes, shown back as 1 MB.
    assert.equal(bucket.file_size_limit, 1_000_000);
    assert.deepEqual(bucket.allowed_mime_types, ['text/plain', 'image/png']);
  });

  it('uploads through the file input, into the bucket and into a folder, with sizes and types shown', async () => {
    await page.getByLabel('Upload files to avatars/').setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: HELLO });
    await status('Uploaded 1 file to avatars/');
    await files().getByRole('cell', { name: 'hello.txt', exact: true }).waitFor();
    await files().getByRole('cell', { name: `${HELLO.length} B`, exact: true }).waitFor();
    await files().getByRole('cell', { name: 'text/plain', exact: true }).waitFor();
    await page.getByLabel('New folder').fill('docs');
    await page.getByRole('button', { name: 'Open new folder' }).click();
    await page.getByText('This folder is empty: upload files into it.').waitFor();
    // A name with a space: every URL the page makes of it (upload, download, links) must encode it.
    await page.getByLabel('Upload files to avatars/docs/').setInputFiles([
      { name: 'red pixel.png', mimeType: 'image/png', buffer: PNG },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('two\n') },
    ]);
    await status('Uploaded 2 files to avatars/docs/');
    await files().getByRole('cell', { name: 'red pixel.png', exact: true }).waitFor();
    await files().getByRole('cell', { name: 'image/png', exact: true }).waitFor();
    // The bucket's MIME types refuse what they do not list, in Storage's words.
    await page.getByLabel('Upload files to avatars/docs/').setInputFiles({ name: 'data.bin', mimeType: 'application/octet-stream', buffer: Buffer.from([1, 2, 3]) });
    await status('Not uploaded: data.bin: mime type application/octet-stream is not supported');
    // The folder path leads back to the bucket, where the folder is listed.
    await page.getByRole('navigation', { name: 'Folder path' }).getByRole('button', { name: 'avatars' }).click();
    await page.getByRole('button', { name: 'Open folder docs' }).click();
    await files().getByRole('cell', { name: 'notes.txt', exact: true }).waitFor();
  });

  it('keeps the bucket and folder in the address: a reload opens the same folder, Back the one before', async () => {
    assert.equal(new URL(page.url()).hash, '#/storage/avatars/docs');
    await page.reload();
    await files().getByRole('cell', { name: 'notes.txt', exact: true }).waitFor();
    await page.getByLabel('Upload files to avatars/docs/').waitFor();
    assert.equal(await page.getByRole('list', { name: 'Buckets' }).getByRole('link', { name: /^avatars/ }).getAttribute('aria-current'), 'page');
    // The folder was opened from the bucket's top, which the folder path had opened.
    await page.goBack();
    await page.getByRole('button', { name: 'Open folder docs' }).waitFor();
    assert.equal(new URL(page.url()).hash, '#/storage/avatars');
    await page.goForward();
    await files().getByRole('cell', { name: 'notes.txt', exact: true }).waitFor();
    // A link to a bucket there is not says so.
    await page.goto(`${studio.studioUrl}/#/storage/nothing`);
    await page.getByText('There is no bucket nothing.').waitFor();
    await page.goBack();
    await files().getByRole('cell', { name: 'notes.txt', exact: true }).waitFor();
  });

  it('downloads a file with the very bytes uploaded', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download red pixel.png' }).click()]);
    assert.equal(download.suggestedFilename(), 'red pixel.png');
    assert.deepEqual(readFileSync((await download.path())!), PNG);
  });

  it('gives the public URL and a signed URL of the chosen expiry, each copied and opened', async () => {
    await page.getByRole('button', { name: 'Links to red pixel.png' }).click();
    const shared = await page.getByRole('textbox', { name: 'Public URL' }).inputValue();
    assert.match(shared, /\/storage\/v1\/object\/public\/avatars\/docs\/red%20pixel\.png$/);
    assert.deepEqual(Buffer.from(await (await fetch(shared)).arrayBuffer()), PNG);
    await page.getByLabel('Signed URL expires in').selectOption({ label: '1 minute' });
    await page.getByRole('button', { name: 'Create signed URL' }).click();
    const signed = await page.getByRole('textbox', { name: 'Signed URL' }).inputValue();
    assert.match(signed, /\/storage\/v1\/object\/sign\/avatars\/docs\/red%20pixel\.png\?token=/);
    // The expiry chosen is the token's: a minute from now.
    const claims = JSON.parse(Buffer.from(new URL(signed).searchParams.get('token')!.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    assert.equal(claims.exp - claims.iat, 60);
    await page.getByRole('button', { name: 'Copy Signed URL' }).click();
    await status('Signed URL copied');
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), signed);
    // Opened in a browser tab with no key, as a user shares it.
    const tab = await studio.context.newPage();
    const opened = await tab.goto(signed);
    assert.equal(opened?.status(), 200);
    assert.deepEqual(await opened.body(), PNG);
    await tab.close();
    await studio.screenshots('storage-files');
  });

  it('deletes a file, refuses to delete a bucket with files, empties it and deletes it', async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete notes.txt' }).click();
    await status('Deleted docs/notes.txt');
    // The list is read again after the status says so: wait for the row to go rather than count at once.
    await files().getByRole('cell', { name: 'notes.txt', exact: true }).waitFor({ state: 'detached' });
    await files().getByRole('cell', { name: 'red pixel.png', exact: true }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete bucket' }).click();
    await status('Could not delete the bucket: Storage must be empty before you can delete it');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Empty bucket' }).click();
    await status('Bucket avatars emptied');
    await page.getByText('This bucket is empty: upload files into it.').waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete bucket' }).click();
    await page.getByText('No buckets yet: create one below.').waitFor();
  });

  it('passes axe-core with a private bucket, its files and a file\'s links, light and dark, at both widths', async () => {
    await page.getByLabel('Bucket name').fill('private-docs');
    await page.getByRole('button', { name: 'Create bucket' }).click();
    await page.getByText('private · no size limit of its own · any type').waitFor();
    await page.getByLabel('Upload files to private-docs/').setInputFiles({ name: 'report.txt', mimeType: 'text/plain', buffer: HELLO });
    await page.getByRole('button', { name: 'Links to report.txt' }).click();
    await page.getByText('The bucket is private: only a signed URL opens this file without a key.').waitFor();
    await page.getByRole('button', { name: 'Create signed URL' }).click();
    await page.getByRole('textbox', { name: 'Signed URL' }).waitFor();
    const found = await axeViolations(page);
    await studio.screenshots('storage-private');
    assert.deepEqual(found, []);
  });
});
