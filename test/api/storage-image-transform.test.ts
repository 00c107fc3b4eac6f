/**
 * Image transformations of the native Storage API (storage-api v0.46.4's `/render/image` with
 * imgproxy's behaviour) judged by `@supabase/supabase-js` 2.39.8 against a native stack started
 * by the built CLI: a download with `transform` comes back at the width asked (read with sharp's
 * metadata), in each resize mode, never enlarged, in the source's format whatever the client
 * accepts (the CLI's imgproxy detects no WebP) or AVIF when asked; public and signed transformed URLs as storage-js makes them; storage-api's
 * refusals (a bad parameter, a file that is no image, an object the role cannot see); and
 * `[storage.image_transformation] enabled = false`, which leaves the routes out.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { freePort } from '../integration/support/temp-project.js';

const options = { auth: { persistSession: false, autoRefreshToken: false } };

/** A 400x300 PNG with a gradient, so every resize mode gives a different picture. */
function picture(): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([x % 256, y % 256, (x + y) % 256], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function imageOf(response: Response): Promise<sharp.Metadata> {
  assert.equal(response.status, 200, await response.clone().text());
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

async function blobImage(blob: Blob | null): Promise<sharp.Metadata> {
  assert.ok(blob);
  return sharp(Buffer.from(await blob.arrayBuffer())).metadata();
}

describe('image transformations of the native Storage API as @supabase/supabase-js asks for them', function () {
  this.timeout(180_000);
  let project: CliProject;
  let apiUrl: string;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let config: string;
  let png: Buffer;

  const start = (): string => {
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    apiUrl = status.API_URL!;
    service = createClient(apiUrl, status.SERVICE_ROLE_KEY!, options);
    anon = createClient(apiUrl, status.ANON_KEY!, options);
    return started.stderr;
  };

  before(async () => {
    project = await cliProject('storage-image-transform');
    config = path.join(project.root, 'supabase', 'config.toml');
    // cliProject gives the stack an API port of its own; a restart below moves it to another.
    start();
    png = await picture();
    assert.equal((await service.storage.createBucket('photos', { public: false })).error, null);
    assert.equal((await service.storage.createBucket('open', { public: true })).error, null);
    for (const bucket of ['photos', 'open']) {
      assert.equal((await service.storage.from(bucket).upload('cat.png', png, { contentType: 'image/png', cacheControl: '120' })).error, null);
    }
    assert.equal((await service.storage.from('photos').upload('notes.txt', 'not an image', { contentType: 'image/png' })).error, null);
  });
  after(() => project?.dispose());

  it('downloads an image at the width asked, the height kept in proportion', async () => {
    const { data, error } = await service.storage.from('photos').download('cat.png', { transform: { width: 100 } });
    assert.equal(error, null);
    const image = await blobImage(data);
    assert.deepEqual([image.width, image.height, image.format], [100, 75, 'png']);
  });

  it('resizes by cover, contain and fill as imgproxy does, and never enlarges', async () => {
    const sizes: Record<string, [number, number]> = { cover: [100, 100], contain: [100, 75], fill: [100, 100] };
    for (const [resize, expected] of Object.entries(sizes)) {
      const { data } = await service.storage.from('photos').download('cat.png', { transform: { width: 100, height: 100, resize: resize as 'cover' } });
      const image = await blobImage(data);
      assert.deepEqual([image.width, image.height], expected, resize);
    }
    // Cover crops, fill stretches: the same box holds different pictures.
    const cover = await (await service.storage.from('photos').download('cat.png', { transform: { width: 100, height: 100, resize: 'cover' } })).data!.arrayBuffer();
    const fill = await (await service.storage.from('photos').download('cat.png', { transform: { width: 100, height: 100, resize: 'fill' } })).data!.arrayBuffer();
    assert.notDeepEqual(Buffer.from(cover), Buffer.from(fill));
    const huge = await fetch(`${apiUrl}/storage/v1/render/image/public/open/cat.png?width=5000`);
    assert.equal(huge.headers.get('x-transformations'), 'width:2000,resizing_type:fill');
    const image = await imageOf(huge);
    assert.deepEqual([image.width, image.height], [400, 300]);
  });

  it('answers the source format whatever the client accepts, and AVIF when asked', async () => {
    const url = `${apiUrl}/storage/v1/render/image/public/open/cat.png`;
    const browser = await fetch(`${url}?width=50`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    assert.equal(browser.headers.get('content-type'), 'image/png');
    assert.equal((await imageOf(browser)).format, 'png');
    const origin = await fetch(`${url}?width=50&format=origin`, { headers: { accept: 'image/webp' } });
    assert.equal(origin.headers.get('content-type'), 'image/png');
    const avif = await fetch(`${url}?width=50&format=avif&quality=50`);
    assert.equal(avif.headers.get('content-type'), 'image/avif');
    assert.equal(avif.headers.get('x-transformations'), 'width:50,resizing_type:fill,quality:50,format:avif');
    assert.equal((await imageOf(avif)).width, 50);
  });

  it('serves a public transformed URL as storage-js makes it, with the object\'s ETag and cache control', async () => {
    const { data } = anon.storage.from('open').getPublicUrl('cat.png', { transform: { width: 64, height: 64 } });
    assert.match(data.publicUrl, /\/storage\/v1\/render\/image\/public\/open\/cat\.png\?width=64&height=64$/);
    const response = await fetch(data.publicUrl);
    const { data: info } = await service.storage.from('open').list('', { search: 'cat.png' });
    assert.equal(response.headers.get('etag'), (info![0].metadata as { eTag: string }).eTag);
    assert.equal(response.headers.get('cache-control'), 'max-age=120');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const image = await imageOf(response);
    assert.deepEqual([image.width, image.height], [64, 64]);
    // A private bucket has no public images.
    const hidden = await fetch(`${apiUrl}/storage/v1/render/image/public/photos/cat.png?width=64`);
    assert.equal(hidden.status, 400);
    assert.deepEqual(await hidden.json(), { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' });
  });

  it('serves a signed transformed URL without any key, with Expires, and refuses a token for another object', async () => {
    const { data, error } = await service.storage.from('photos').createSignedUrl('cat.png', 60, { transform: { width: 80, quality: 60 } });
    assert.equal(error, null);
    assert.match(data!.signedUrl, /\/storage\/v1\/render\/image\/sign\/photos\/cat\.png\?token=/);
    const response = await fetch(data!.signedUrl);
    assert.ok(response.headers.get('expires'));
    assert.equal(response.headers.get('x-transformations'), 'width:80,resizing_type:fill,quality:60');
    assert.equal((await imageOf(response)).width, 80);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const misdirected = await fetch(`${apiUrl}/storage/v1/render/image/sign/open/cat.png?token=${token}`);
    assert.equal(misdirected.status, 400);
    assert.equal(((await misdirected.json()) as { message: string }).message, 'The url do not match the signature');
    // Without a transform the signed URL stays an object one.
    const plain = await service.storage.from('photos').createSignedUrl('cat.png', 60);
    assert.match(plain.data!.signedUrl, /\/storage\/v1\/object\/sign\/photos\/cat\.png\?token=/);
  });

  it('refuses what storage-api refuses: a bad parameter, a file that is no image, an object the role cannot see', async () => {
    const bad = await fetch(`${apiUrl}/storage/v1/render/image/public/open/cat.png?quality=10`);
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { statusCode: '400', error: 'Bad Request', message: 'querystring/quality must be >= 20' });
    const webp = await fetch(`${apiUrl}/storage/v1/render/image/public/open/cat.png?format=webp`);
    assert.equal(((await webp.json()) as { message: string }).message, 'querystring/format must be equal to one of the allowed values');
    const text = await service.storage.from('photos').download('notes.txt', { transform: { width: 10 } });
    assert.equal(text.error?.message, 'Invalid source image');
    const hidden = await anon.storage.from('photos').download('cat.png', { transform: { width: 10 } });
    assert.equal(hidden.error?.message, 'Object not found');
  });

  it('with [storage.image_transformation] enabled = false, has no render routes and signs plain URLs', async () => {
    const apiPort2 = await freePort();
    assert.equal(project.run(['stop']).code, 0);
    // Another API port too: fetch's pooled connections to the stopped gateway must not be reused.
    const toml = readFileSync(config, 'utf8').replace(/^\[storage\]$/m, '[storage.image_transformation]\nenabled = false\n\n[storage]');
    writeFileSync(config, toml.replace(/^port = \d+$/gm, (line) => (line === `port = ${new URL(apiUrl).port}` ? `port = ${apiPort2}` : line)));
    // A key of ours (later Go CLIs have it too), so no "Unknown config fields" warning.
    assert.doesNotMatch(start(), /Unknown config fields/);
    const render = await fetch(`${apiUrl}/storage/v1/render/image/public/open/cat.png?width=10`);
    assert.equal(render.status, 404);
    assert.match(((await render.json()) as { message: string }).message, /^Route GET:.*\/render\/image\/public\/open\/cat\.png\?width=10 not found$/);
    const { data } = await service.storage.from('photos').createSignedUrl('cat.png', 60, { transform: { width: 80 } });
    assert.match(data!.signedUrl, /\/storage\/v1\/object\/sign\/photos\/cat\.png\?token=/);
    assert.deepEqual(Buffer.from(await (await fetch(data!.signedUrl)).arrayBuffer()), png);
  });
});
