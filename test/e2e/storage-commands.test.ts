/**
 * `storage ls|cp|mv|rm` against the local Storage API (real HTTP, real files) and the
 * spec-validating Management API: round trips of a 200-file tree, listings with paging, moves,
 * deletions of prefixes and whole buckets, bucket creation on upload, and every message the
 * original's storage commands print.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../tasks/native/port-check.js';
import { SERVICE_ROLE_KEY, startStorageProject, type StorageProject } from '../helpers/storage-project.js';

/** A whole 1x1 PNG; what follows its end chunk does not change what it is. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Every file under a folder, by relative path, with the sha256 of its bytes. */
async function digestTree(root: string): Promise<Map<string, string>> {
  const digests = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    digests.set(path.relative(root, full), createHash('sha256').update(await readFile(full)).digest('hex'));
  }
  return digests;
}

/** A tree of `count` files over nested folders: text, binary, empty, and names with spaces and accents. */
async function makeTree(root: string, count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const folder = path.join(root, `dir ${index % 5}`, index % 3 === 0 ? 'deep/er' : '', index % 7 === 0 ? 'café' : '');
    await mkdir(folder, { recursive: true });
    const kind = index % 4;
    const content = kind === 0 ? `line ${index}\n`.repeat(index) : kind === 1 ? Buffer.concat([PNG, randomBytes(index * 37)]) : kind === 2 ? Buffer.alloc(0) : randomBytes(70_000 + index);
    await writeFile(path.join(folder, `file-${index}${kind === 1 ? '.png' : '.dat'}`), content);
  }
}

/** Seeds objects straight into the store, as if uploaded earlier. */
async function seed(project: StorageProject, bucket: string, names: string[]): Promise<void> {
  const { store } = project.storage;
  if (!store.buckets.has(bucket)) store.createBucket(bucket);
  const { Readable } = await import('node:stream');
  for (const name of names) {
    await store.upload(bucket, name, Readable.from([Buffer.from(name)]), { contentType: 'text/plain', cacheControl: 'max-age=3600', upsert: true });
  }
}

describe('storage commands', function () {
  this.timeout(120_000);
  let project: StorageProject;
  before(async () => {
    project = await startStorageProject();
  });
  beforeEach(() => project.reset());
  afterEach(() => {
    assert.deepEqual(project.storage.violations, []);
    assert.deepEqual(project.api.violations, []);
  });
  after(() => project.stop());

  it('copies a tree of 200 files up (creating the bucket once) and down again byte for byte', async () => {
    const source = path.join(project.root, 'fixtures');
    await makeTree(source, 200);
    const up = await project.run(['cp', '-r', '-j', '4', 'fixtures', 'ss:///seeds']);
    assert.equal(up.code, 0, up.stderr);
    assert.equal(up.stderr.split('\n').filter((line) => line.startsWith('Uploading: fixtures/')).length, 200);
    assert.match(up.stderr, /^Uploading: fixtures\/dir 0\/café\/file-35\.dat => \/seeds\/dir 0\/café\/file-35\.dat$/m);
    assert.equal(project.storage.calls('POST', '/bucket').length, 1, 'the missing bucket is created once');
    assert.equal(project.storage.store.objects.get('seeds')?.size, 200);

    // The key is fetched once per run, and the stored headers are the defaults.
    assert.equal(project.api.calls('getProjectApiKeys').length, 1);
    assert.equal(project.storage.requests.every((request) => request.headers.authorization === `Bearer ${SERVICE_ROLE_KEY}`), true);
    const stored = project.storage.store.find('seeds', 'dir 1/file-1.png');
    assert.equal(stored.metadata.mimetype, 'image/png');
    assert.equal(stored.metadata.cacheControl, 'max-age=3600');
    assert.equal(project.storage.store.find('seeds', 'dir 4/file-4.dat').metadata.mimetype, 'text/plain; charset=utf-8');

    const down = await project.run(['cp', '-r', '-j', '3', 'ss:///seeds', 'restored']);
    assert.equal(down.code, 0, down.stderr);
    assert.equal(down.stderr.split('\n').filter((line) => line.startsWith('Downloading: /seeds/')).length, 200);
    assert.deepEqual(await digestTree(path.join(project.root, 'restored')), await digestTree(source));

    // Into an existing folder, the bucket's own name is added, as cp -r does.
    const again = await project.run(['cp', '-r', 'ss:///seeds/dir 2/', 'restored']);
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(
      await digestTree(path.join(project.root, 'restored', 'dir 2')),
      await digestTree(path.join(source, 'dir 2')),
    );
  });

  it('uploads into an existing prefix under the folder\'s name, and one file with headers of choice', async () => {
    await seed(project, 'docs', ['guides/intro.md']);
    await mkdir(path.join(project.root, 'site'));
    await writeFile(path.join(project.root, 'site', 'index.html'), '<!DOCTYPE html><html></html>');
    const tree = await project.run(['cp', '-r', 'site', 'ss:///docs/guides']);
    assert.equal(tree.code, 0, tree.stderr);
    assert.equal(tree.stderr, 'Uploading: site/index.html => /docs/guides/site/index.html\n');
    assert.equal(project.storage.store.find('docs', 'guides/site/index.html').metadata.mimetype, 'text/html; charset=utf-8');

    const one = await project.run(['cp', 'site/index.html', 'ss:///docs/', '--content-type', 'text/x-custom', '--cache-control', 'no-store']);
    assert.equal(one.code, 0, one.stderr);
    const object = project.storage.store.find('docs', 'index.html');
    assert.deepEqual([object.metadata.mimetype, object.metadata.cacheControl], ['text/x-custom', 'no-store']);

    const refused = await project.run(['cp', 'site/index.html', 'ss:///docs/index.html']);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr.split('\n')[0], 'Error status 400: {"statusCode":"409","error":"Duplicate","message":"The resource already exists"}');
  });

  it('downloads one object to a file or into a folder, leaving nothing behind on failure', async () => {
    await seed(project, 'media', ['a/clip.txt']);
    await mkdir(path.join(project.root, 'out'));
    assert.equal((await project.run(['cp', 'ss:///media/a/clip.txt', 'out'])).code, 0);
    assert.equal(await readFile(path.join(project.root, 'out', 'clip.txt'), 'utf8'), 'a/clip.txt');
    assert.equal((await project.run(['cp', 'ss:///media/a/clip.txt', 'out/renamed.txt'])).code, 0);
    assert.equal(await readFile(path.join(project.root, 'out', 'renamed.txt'), 'utf8'), 'a/clip.txt');

    const missing = await project.run(['cp', 'ss:///media/a/nope.txt', 'out/nope.txt']);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr.split('\n')[0], 'Error status 400: {"statusCode":"404","error":"not_found","message":"Object not found"}');
    assert.deepEqual((await readdir(path.join(project.root, 'out'))).sort(), ['clip.txt', 'renamed.txt']);

    const noTree = await project.run(['cp', '-r', 'ss:///media/b', 'out']);
    assert.deepEqual([noTree.code, noTree.stderr.split('\n')[0]], [1, 'Object not found: /media/b']);
  });

  it('lists buckets by prefix, folder entries page by page, and everything with -r', async () => {
    await seed(project, 'avatars', ['me.png', 'team/you.png', 'team/2024/us.png']);
    await seed(project, 'avatars-old', []);
    await seed(project, 'logs', Array.from({ length: 250 }, (_, index) => `day/${String(index).padStart(3, '0')}.log`));

    assert.equal((await project.run(['ls'])).stdout, 'avatars/\navatars-old/\nlogs/\n');
    assert.equal((await project.run(['ls', 'ss:///av'])).stdout, 'avatars/\navatars-old/\n');
    assert.equal((await project.run(['ls', 'ss:///avatars/'])).stdout, 'me.png\nteam/\n');
    assert.equal((await project.run(['ls', 'ss:///avatars/te'])).stdout, 'team/\n');

    const paged = await project.run(['ls', 'SS:///logs/day/']);
    assert.equal(paged.stdout.split('\n').filter(Boolean).length, 250);
    assert.equal(paged.stderr, 'Loading page: 1\nLoading page: 2\n');
    assert.deepEqual(project.storage.calls('POST', '/object/list/logs').map((request) => request.body), [
      { prefix: 'day/', limit: 100 },
      { prefix: 'day/', limit: 100, offset: 100 },
      { prefix: 'day/', limit: 100, offset: 200 },
    ]);

    const all = await project.run(['ls', '-r', 'ss:///av']);
    assert.deepEqual(all.stdout.split('\n').filter(Boolean).sort(), ['/avatars-old/', '/avatars/me.png', '/avatars/team/2024/us.png', '/avatars/team/you.png']);
  });

  it('moves an object, and with -r a folder object by object, within one bucket', async () => {
    await seed(project, 'docs', ['draft.md', 'old/a.md', 'old/deep/b.md', 'other.md']);
    const one = await project.run(['mv', 'ss:///docs/draft.md', 'ss:///docs/final.md']);
    assert.deepEqual([one.code, one.stderr], [0, 'Moving object: /docs/draft.md => /docs/final.md\nSuccessfully moved\n']);

    const plain = await project.run(['mv', 'ss:///docs/old', 'ss:///docs/new']);
    assert.equal(plain.code, 1);
    assert.match(plain.stderr, /^Moving object: \/docs\/old => \/docs\/new\nError status 400: \{"statusCode":"404","error":"not_found","message":"Object not found"\}\n/);

    const folder = await project.run(['mv', '-r', 'ss:///docs/old', 'ss:///docs/new']);
    assert.equal(folder.code, 0, folder.stderr);
    assert.match(folder.stderr, /^Moving object: \/docs\/old\/a\.md => \/docs\/new\/a\.md$/m);
    assert.match(folder.stderr, /^Moving object: \/docs\/old\/deep\/b\.md => \/docs\/new\/deep\/b\.md$/m);
    assert.deepEqual([...project.storage.store.objects.get('docs')!.keys()].sort(), ['final.md', 'new/a.md', 'new/deep/b.md', 'other.md']);

    const nothing = await project.run(['mv', '-r', 'ss:///docs/none', 'ss:///docs/x']);
    assert.deepEqual([nothing.code, nothing.stderr.split('\n')[1]], [1, 'Object not found: /docs/none/']);
  });

  it('removes objects, a prefix with -r, and a whole bucket with -r', async () => {
    await seed(project, 'tmp', ['keep.txt', 'a.txt', 'cache/1.bin', 'cache/x/2.bin', 'cachet.txt']);
    await seed(project, 'scratch', ['s/1', 's/2', 't']);

    const file = await project.run(['rm', 'ss:///tmp/a.txt', 'ss:///tmp/ghost.txt']);
    assert.deepEqual([file.code, file.stderr], [0, 'Deleting objects: [a.txt ghost.txt]\nObject not found: ghost.txt\n']);

    const prefix = await project.run(['rm', '-r', 'ss:///tmp/cache']);
    assert.equal(prefix.code, 0, prefix.stderr);
    assert.deepEqual([...project.storage.store.objects.get('tmp')!.keys()].sort(), ['cachet.txt', 'keep.txt']);

    const bucket = await project.run(['rm', '-r', 'ss:///scratch']);
    assert.equal(bucket.code, 0, bucket.stderr);
    assert.match(bucket.stderr, /Deleting bucket: scratch\nSuccessfully deleted\n$/);
    assert.equal(project.storage.store.buckets.has('scratch'), false);

    const gone = await project.run(['rm', '-r', 'ss:///scratch/']);
    assert.deepEqual([gone.code, gone.stderr], [0, 'Deleting objects: []\nDeleting bucket: scratch\nBucket not found: scratch\n']);
    const missingPrefix = await project.run(['rm', '-r', 'ss:///tmp/nothing']);
    assert.deepEqual([missingPrefix.code, missingPrefix.stderr.split('\n')[1]], [1, 'Object not found: tmp/nothing/']);
  });

  it('refuses what the original refuses, with its messages', async () => {
    const first = async (args: string[]) => {
      const result = await project.run(args);
      return [result.code, ...result.stderr.split('\n').slice(0, 2)];
    };
    const debugHint = 'Try rerunning the command with --debug to troubleshoot the error.';
    assert.deepEqual(await first(['cp', 'ss:///a/x', 'ss:///b/x']), [1, 'Copying between buckets is not supported', debugHint]);
    assert.deepEqual(await first(['cp', 'a.txt', 'b.txt']), [1, 'Unsupported operation', 'Run cp -r <src> <dst> to copy between local directories.']);
    assert.deepEqual(await first(['cp', 'https://example.com/a', 'ss:///b/a']), [1, 'Unsupported operation', 'Run cp -r <src> <dst> to copy between local directories.']);
    assert.deepEqual(await first(['cp', ':x', 'ss:///b/a']), [1, 'failed to parse src url: parse ":x": missing protocol scheme', debugHint]);
    assert.deepEqual(await first(['cp', 'missing.txt', 'ss:///b/a']), [1, 'failed to open file: open missing.txt: no such file or directory', debugHint]);
    assert.deepEqual(await first(['cp', '-r', 'missing', 'ss:///b/']), [1, 'lstat missing: no such file or directory', debugHint]);
    assert.deepEqual((await first(['cp', '-j', '0', 'a', 'ss:///b/a'])).slice(0, 2), [2, 'invalid argument "0" for "-j, --jobs" flag: must be at least 1']);
    assert.deepEqual(await first(['mv', 'ss:///a/x', 'ss:///b/x']), [1, 'Moving between buckets is unsupported', debugHint]);
    assert.deepEqual(await first(['mv', 'ss:///a', 'ss:///a/']), [1, 'You must specify an object path', debugHint]);
    assert.deepEqual(await first(['mv', 'ss://host/a/x', 'ss:///a/y']), [1, 'URL must match pattern ss:///bucket/[prefix]', debugHint]);
    assert.deepEqual(await first(['ls', 'avatars/']), [1, 'URL must match pattern ss:///bucket/[prefix]', debugHint]);
    assert.deepEqual(await first(['rm', 'ss:///']), [1, 'You must specify a bucket to delete.', debugHint]);
    assert.deepEqual(await first(['rm', 'ss:///tmp/dir/']), [1, 'You must specify -r flag to delete directories.', debugHint]);
    assert.deepEqual(await first(['rm', 'ss:///tmp']), [1, 'You must specify -r flag to delete directories.', debugHint]);
    assert.equal(project.storage.requests.length, 0, 'nothing reached the Storage API');
  });

  it('names the link, the key and the service when they fail', async () => {
    const ls = () => project.run(['ls']);
    const url = project.env.SUPABASE_INTERNAL_PROJECT_URL;
    await writeFile(path.join(project.root, 'supabase', '.temp', 'project-ref'), 'otherprojectrefaaaaa');
    const denied = await ls();
    assert.deepEqual([denied.code, denied.stderr.split('\n')[0]], [1, 'Authorization failed for the access token and project ref pair: {"message":"You do not have permission to perform this action"}']);

    await writeFile(path.join(project.root, 'supabase', '.temp', 'project-ref'), 'storagetestprojectaa');
    project.apiKeys.splice(0, 2, { name: 'anon', api_key: 'anon-key' });
    assert.equal((await ls()).stderr.split('\n')[0], 'Service role key not found.');
    project.apiKeys.splice(0);
    assert.equal((await ls()).stderr.split('\n')[0], 'Anon key not found.');

    await rm(path.join(project.root, 'supabase', '.temp', 'project-ref'));
    const unlinked = await ls();
    assert.deepEqual([unlinked.code, unlinked.stderr.split('\n')[0]], [1, 'Cannot find project ref. Have you run supabase link?']);

    await writeFile(path.join(project.root, 'supabase', '.temp', 'project-ref'), 'storagetestprojectaa');
    project.apiKeys.push({ name: 'service_role', api_key: SERVICE_ROLE_KEY });
    project.storage.store.createBucket('x');
    assert.equal((await ls()).stdout, 'x/\n');
    const wrongKey = await (async () => {
      const { StorageClient } = await import('../../tasks/storage/storage-api.js');
      const client = new StorageClient({ baseUrl: `${project.env.SUPABASE_INTERNAL_PROJECT_URL}/storage/v1`, serviceRoleKey: 'wrong' });
      return client.listBuckets().catch((error: Error) => error.message);
    })();
    assert.equal(wrongKey, 'Error status 400: {"statusCode":"403","error":"Unauthorized","message":"invalid signature"}');

    // A port nothing listens on: the service is down.
    const closed = await freePort();
    project.env.SUPABASE_INTERNAL_PROJECT_URL = `http://127.0.0.1:${closed}`;
    try {
      const offline = await project.run(['ls', '--debug']);
      assert.equal(offline.code, 1);
      assert.ok(offline.stderr.includes(`failed to execute http request: GET http://127.0.0.1:${closed}/storage/v1/bucket: connect ECONNREFUSED`), offline.stderr);
      assert.match(offline.stderr, /^HTTP GET \/storage\/v1\/bucket failed after \d+ ms/m);
      assert.ok(!offline.stderr.includes(SERVICE_ROLE_KEY));
    } finally {
      project.env.SUPABASE_INTERNAL_PROJECT_URL = url;
    }
  });

  it('streams a 32 MB file up and down unchanged', async () => {
    const big = randomBytes(32 * 1024 * 1024);
    await writeFile(path.join(project.root, 'big.bin'), big);
    assert.equal((await project.run(['cp', 'big.bin', 'ss:///large/big.bin'])).code, 0);
    assert.equal((await project.run(['cp', 'ss:///large/big.bin', 'copy.bin'])).code, 0);
    assert.ok(big.equals(await readFile(path.join(project.root, 'copy.bin'))));
    assert.equal(project.storage.calls('POST', '/object/large/big.bin')[0].headers['content-length'], String(big.length));
  });
});
