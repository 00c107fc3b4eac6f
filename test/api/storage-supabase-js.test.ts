/**
 * The judge of the native Storage API: the real `@supabase/supabase-js` 2.39.8 (its storage-js)
 * against a native stack started by the built CLI, through the gateway, on storage-api v0.46.4's
 * contract: buckets, uploads by raw body and by form, downloads byte for byte with their headers
 * and Range, listings, moves, copies, removals, public and signed URLs (a forged, expired or
 * misdirected token refused), signed upload URLs, the project's policies on storage.objects
 * deciding what anon and a signed-in user (a JWT signed here with jose, as GoTrue would sign it)
 * may do, and the bucket's and `[storage] file_size_limit`'s limits. The files are checked on disk.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { gatewayFiles, gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { clusterPaths } from '../../tasks/native/native-paths.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { freePort } from '../integration/support/temp-project.js';

const USER = '00000000-0000-0000-0000-0000000000a1';
const MIB = 1024 * 1024;
/** `[storage] file_size_limit` of the test project: large enough to show that a transfer's memory stays flat. */
const GLOBAL_LIMIT = 100 * MIB;
const OTHER = '00000000-0000-0000-0000-0000000000b2';

/** The quickstart's avatars bucket and a policy set letting a user write only under their own folder. */
const POLICIES = `
insert into storage.buckets (id, name) values ('avatars', 'avatars');
create policy "own folder: read" on storage.objects for select to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder: insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder: update" on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "own folder: delete" on storage.objects for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
`;

interface Stack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
}

const options = { auth: { persistSession: false, autoRefreshToken: false } };

/** Deterministic bytes of every value, so a shifted or truncated copy never compares equal. */
function bytes(size: number, seed = 7): Buffer {
  const buffer = Buffer.alloc(size);
  for (let at = 0; at < size; at++) buffer[at] = (at * 31 + seed * 17 + (at >> 8)) & 0xff;
  return buffer;
}

/** A user's access token as GoTrue signs it. */
function userToken(stack: Stack, sub: string, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(stack.jwtSecret));
}

async function pgQuery(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    return await connection.query(text, values);
  } finally {
    await connection.end();
  }
}

describe('the native Storage API as @supabase/supabase-js uses it', function () {
  this.timeout(180_000);
  let project: CliProject;
  let stack: Stack;
  let service: SupabaseClient;
  let anon: SupabaseClient;
  let user: SupabaseClient;
  let storageRoot: string;
  let projectId: string;

  before(async () => {
    project = await cliProject('storage-supabase-js');
    const supabase = path.join(project.root, 'supabase');
    project.writeMigrations();
    writeFileSync(path.join(supabase, 'migrations', '20240103000000_avatars.sql'), POLICIES);
    const config = path.join(supabase, 'config.toml');
    const toml = readFileSync(config, 'utf8');
    assert.match(toml, /^file_size_limit = "50MiB"$/m);
    assert.match(toml, /^port = 54321$/m);
    // The API port of its own: other suites' stacks may hold the default one.
    const apiPort = await freePort();
    writeFileSync(config, toml.replace(/^file_size_limit = "50MiB"$/m, `file_size_limit = "${GLOBAL_LIMIT / MIB}MiB"`).replace(/^port = 54321$/m, `port = ${apiPort}`));
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stderr, /^Kong: API gateway at .* serving rest, storage$/m);
    assert.doesNotMatch(/^Not available.*$/m.exec(started.stderr)?.[0] ?? '', /\bstorage\b/);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    stack = { apiUrl: status.API_URL!, anonKey: status.ANON_KEY!, serviceRoleKey: status.SERVICE_ROLE_KEY!, jwtSecret: status.JWT_SECRET!, dbUrl: status.DB_URL! };
    service = createClient(stack.apiUrl, stack.serviceRoleKey, options);
    anon = createClient(stack.apiUrl, stack.anonKey, options);
    user = createClient(stack.apiUrl, stack.anonKey, { ...options, global: { headers: { Authorization: `Bearer ${await userToken(stack, USER)}` } } });
    projectId = /^project_id = "(.*)"$/m.exec(toml)![1];
    storageRoot = path.join(clusterPaths(projectId, project.env).root, 'storage');
  });
  after(() => project?.dispose());

  it('is recorded healthy with the gateway in the journal', () => {
    const events = readFileSync(path.join(project.root, 'supabase', '.temp', 'events.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { stream: string; type: string; data: { service?: string } });
    const healthy = events.filter((event) => event.stream === 'stack' && event.type === 'SERVICE_HEALTHY').map((event) => event.data.service);
    assert.ok(healthy.includes('storage'), healthy.join(', '));
    const status = project.run(['status']);
    assert.equal(status.code, 0, status.stderr);
    assert.doesNotMatch(/^Not available.*$/m.exec(status.stderr)?.[0] ?? '', /\bstorage\b/);
  });

  describe('buckets', () => {
    it('creates, gets, lists, updates, empties and deletes them', async () => {
      const created = await service.storage.createBucket('docs', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain', 'image/*'] });
      assert.equal(created.error, null);
      assert.deepEqual(created.data, { name: 'docs' });
      const got = await service.storage.getBucket('docs');
      assert.equal(got.error, null);
      assert.equal(got.data!.id, 'docs');
      assert.equal(got.data!.public, false);
      assert.equal(got.data!.file_size_limit, 1_000_000);
      assert.deepEqual(got.data!.allowed_mime_types, ['text/plain', 'image/*']);
      assert.match(got.data!.created_at, /^\d{4}-\d\d-\d\dT/);
      const listed = await service.storage.listBuckets();
      assert.deepEqual(listed.data!.map((bucket) => bucket.id).sort(), ['avatars', 'docs']);
      const updated = await service.storage.updateBucket('docs', { public: true, fileSizeLimit: 500 });
      assert.deepEqual(updated.data, { message: 'Successfully updated' });
      assert.equal((await service.storage.getBucket('docs')).data!.file_size_limit, 500);
      assert.equal((await service.storage.getBucket('docs')).data!.public, true);
      await service.storage.from('docs').upload('a.txt', Buffer.from('a'), { contentType: 'text/plain' });
      const full = await service.storage.deleteBucket('docs');
      assert.equal(full.error?.message, 'Storage must be empty before you can delete it');
      assert.deepEqual((await service.storage.emptyBucket('docs')).data, { message: 'Successfully emptied' });
      assert.deepEqual((await service.storage.deleteBucket('docs')).data, { message: 'Successfully deleted' });
      assert.equal((await service.storage.getBucket('docs')).error?.message, 'Bucket not found');
      assert.equal(existsSync(path.join(storageRoot, 'docs', 'a.txt')), false);
    });

    it('refuses a limit over the global one, a bad mime type, a duplicate and a bad name', async () => {
      assert.equal((await service.storage.createBucket('huge', { public: false, fileSizeLimit: '200MB' })).error?.message, 'the requested max_file_size exceed the global limit');
      assert.equal((await service.storage.createBucket('mime', { public: false, allowedMimeTypes: ['not a type'] })).error?.message, 'the requested mime type "not a type is invalid');
      assert.equal((await service.storage.createBucket('avatars')).error?.message, 'The resource already exists');
      assert.equal((await service.storage.createBucket('a/b')).error?.message, 'Bucket name invalid');
    });

    it('lets the policies decide: anon sees no bucket and may create none', async () => {
      assert.deepEqual((await anon.storage.listBuckets()).data, []);
      assert.equal((await anon.storage.createBucket('mine')).error?.message, 'new row violates row-level security policy');
    });
  });

  describe('objects', () => {
    before(async () => {
      assert.equal((await service.storage.createBucket('files', { public: false })).error, null);
      assert.equal((await service.storage.createBucket('open', { public: true })).error, null);
    });

    it('uploads a raw body and a form, and downloads them byte for byte', async () => {
      const raw = bytes(300_000);
      const up = await service.storage.from('files').upload('dir/raw.bin', raw, { contentType: 'application/x-test', cacheControl: '60' });
      assert.equal(up.error, null);
      assert.equal(up.data!.path, 'dir/raw.bin');
      const form = bytes(200_001, 3);
      const blob = await service.storage.from('files').upload('dir/form.bin', new Blob([form], { type: 'image/png' }), { cacheControl: '120' });
      assert.equal(blob.error, null);
      const rawBack = await service.storage.from('files').download('dir/raw.bin');
      assert.equal(rawBack.error, null);
      assert.ok(Buffer.from(await rawBack.data!.arrayBuffer()).equals(raw));
      assert.equal(rawBack.data!.type, 'application/x-test');
      const formBack = await service.storage.from('files').download('dir/form.bin');
      assert.ok(Buffer.from(await formBack.data!.arrayBuffer()).equals(form));
      assert.equal(formBack.data!.type, 'image/png');
      // One file per object version, under the project's native folder.
      const versions = readdirSync(path.join(storageRoot, 'files', 'dir', 'raw.bin'));
      assert.equal(versions.length, 1);
      const { rows } = await pgQuery(stack.dbUrl, "select version, metadata from storage.objects where bucket_id = 'files' and name = 'dir/raw.bin'");
      assert.equal(rows[0].version, versions[0]);
      assert.equal(rows[0].metadata.size, raw.length);
      assert.equal(rows[0].metadata.mimetype, 'application/x-test');
      assert.equal(rows[0].metadata.cacheControl, 'max-age=60');
      assert.match(rows[0].metadata.eTag, /^"[0-9a-f]{32}"$/);
    });

    it('refuses an existing name without upsert, replaces it with upsert or update, and removes the old file', async () => {
      const again = await service.storage.from('files').upload('dir/raw.bin', Buffer.from('x'));
      assert.equal(again.error?.message, 'The resource already exists');
      assert.equal((await service.storage.from('files').upload('dir/raw.bin', Buffer.from('second'), { upsert: true, contentType: 'text/plain' })).error, null);
      assert.equal(await (await service.storage.from('files').download('dir/raw.bin')).data!.text(), 'second');
      assert.equal((await service.storage.from('files').update('dir/raw.bin', Buffer.from('third'), { contentType: 'text/plain' })).error, null);
      assert.equal(await (await service.storage.from('files').download('dir/raw.bin')).data!.text(), 'third');
      assert.equal(readdirSync(path.join(storageRoot, 'files', 'dir', 'raw.bin')).length, 1);
      assert.equal((await service.storage.from('files').update('dir/none.bin', Buffer.from('x'))).error?.message, 'Not Found');
    });

    it('serves headers, Range requests and download names', async () => {
      const content = bytes(10_000, 11);
      await service.storage.from('open').upload('range.bin', content, { contentType: 'application/octet-stream', cacheControl: '300' });
      const url = service.storage.from('open').getPublicUrl('range.bin').data.publicUrl;
      const whole = await fetch(url);
      assert.equal(whole.status, 200);
      assert.equal(whole.headers.get('content-length'), '10000');
      assert.equal(whole.headers.get('cache-control'), 'max-age=300');
      assert.equal(whole.headers.get('accept-ranges'), 'bytes');
      assert.match(whole.headers.get('etag')!, /^"[0-9a-f]{32}"$/);
      assert.ok(whole.headers.get('last-modified'));
      assert.ok(Buffer.from(await whole.arrayBuffer()).equals(content));
      const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-range'), 'bytes 100-199/10000');
      assert.ok(Buffer.from(await part.arrayBuffer()).equals(content.subarray(100, 200)));
      const tail = await fetch(url, { headers: { Range: 'bytes=-10' } });
      assert.ok(Buffer.from(await tail.arrayBuffer()).equals(content.subarray(9990)));
      assert.equal((await fetch(url, { headers: { Range: 'bytes=20000-' } })).status, 416);
      const same = await fetch(url, { headers: { 'If-None-Match': whole.headers.get('etag')! } });
      assert.equal(same.status, 304);
      const named = await fetch(service.storage.from('open').getPublicUrl('range.bin', { download: 'my file.bin' }).data.publicUrl);
      assert.equal(named.headers.get('content-disposition'), "attachment; filename=my%20file.bin; filename*=UTF-8''my%20file.bin;");
      await named.arrayBuffer();
      const authenticated = await fetch(`${stack.apiUrl}/storage/v1/object/authenticated/open/range.bin`, { headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, Range: 'bytes=0-0' } });
      assert.equal(authenticated.status, 206);
      assert.equal(Buffer.from(await authenticated.arrayBuffer())[0], content[0]);
    });

    it('serves public URLs of public buckets only', async () => {
      await service.storage.from('files').upload('secret.txt', Buffer.from('secret'), { contentType: 'text/plain' });
      const refused = await fetch(service.storage.from('files').getPublicUrl('secret.txt').data.publicUrl);
      assert.equal(refused.status, 400);
      assert.deepEqual(await refused.json(), { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' });
      const missing = await fetch(service.storage.from('open').getPublicUrl('nothing.txt').data.publicUrl);
      assert.deepEqual(await missing.json(), { statusCode: '404', error: 'not_found', message: 'Object not found' });
    });

    it('lists a folder with its metadata, sorted, searched and paged', async () => {
      for (const name of ['list/b.txt', 'list/a.txt', 'list/c.txt', 'list/sub/d.txt']) {
        assert.equal((await service.storage.from('files').upload(name, Buffer.from(name), { contentType: 'text/plain' })).error, null);
      }
      const { data, error } = await service.storage.from('files').list('list');
      assert.equal(error, null);
      assert.deepEqual(data!.map((entry) => entry.name), ['sub', 'a.txt', 'b.txt', 'c.txt']);
      assert.equal(data![0].id, null);
      assert.equal(data![1].metadata.size, 'list/a.txt'.length);
      assert.equal(data![1].metadata.mimetype, 'text/plain');
      const desc = await service.storage.from('files').list('list', { sortBy: { column: 'name', order: 'desc' } });
      assert.deepEqual(desc.data!.map((entry) => entry.name), ['sub', 'c.txt', 'b.txt', 'a.txt']);
      const searched = await service.storage.from('files').list('list', { search: 'b' });
      assert.deepEqual(searched.data!.map((entry) => entry.name), ['b.txt']);
      const paged = await service.storage.from('files').list('list', { limit: 2, offset: 1 });
      assert.deepEqual(paged.data!.map((entry) => entry.name), ['a.txt', 'b.txt']);
    });

    it('moves, copies and removes objects with their files', async () => {
      await service.storage.from('files').upload('mv/source.txt', Buffer.from('moving'), { contentType: 'text/plain' });
      assert.deepEqual((await service.storage.from('files').move('mv/source.txt', 'mv/target.txt')).data, { message: 'Successfully moved' });
      assert.equal((await service.storage.from('files').download('mv/source.txt')).error?.message, 'Object not found');
      assert.equal(await (await service.storage.from('files').download('mv/target.txt')).data!.text(), 'moving');
      assert.equal(existsSync(path.join(storageRoot, 'files', 'mv', 'source.txt')), false);
      const copied = await service.storage.from('files').copy('mv/target.txt', 'mv/copy.txt');
      assert.equal(copied.error, null);
      assert.equal(await (await service.storage.from('files').download('mv/copy.txt')).data!.text(), 'moving');
      assert.equal(await (await service.storage.from('files').download('mv/target.txt')).data!.text(), 'moving');
      const removed = await service.storage.from('files').remove(['mv/target.txt', 'mv/copy.txt', 'mv/none.txt']);
      assert.equal(removed.error, null);
      assert.deepEqual(removed.data!.map((row) => row.name).sort(), ['mv/copy.txt', 'mv/target.txt']);
      assert.equal(existsSync(path.join(storageRoot, 'files', 'mv')), false);
      assert.equal((await service.storage.from('files').move('mv/none.txt', 'mv/other.txt')).error?.message, 'Object not found');
    });

    it('keeps every file inside its bucket\'s folder, whatever dots a name or bucket holds', async () => {
      // fetch resolves dot segments before sending; a raw request keeps them, as any client could.
      const upload = (urlPath: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const { hostname, port } = new URL(stack.apiUrl);
          const request = http.request({ hostname, port, path: `/storage/v1/object/${urlPath}`, method: 'POST', agent: false, headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'text/plain' } }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          });
          request.on('error', reject);
          request.end('escaped');
        });
      const byName = await upload('files/a/../../open/escape.txt');
      assert.equal(byName.status, 400);
      assert.equal((JSON.parse(byName.body) as { message: string }).message, 'The object name contains invalid characters');
      assert.equal((await service.storage.createBucket('..', { public: false })).error, null);
      const byBucket = await upload('../escape.txt');
      assert.equal((JSON.parse(byBucket.body) as { message: string }).message, 'The object name contains invalid characters');
      assert.equal(existsSync(path.join(storageRoot, '..', 'escape.txt')), false);
      assert.equal(existsSync(path.join(storageRoot, 'open', 'escape.txt')), false);
      assert.equal((await pgQuery(stack.dbUrl, "select count(*)::int as n from storage.objects where name like '%escape.txt'")).rows[0].n, 0);
    });
  });

  describe('an upload the client abandons', () => {
    it('leaves no file and no row, and the service goes on', async () => {
      await service.storage.createBucket('abandoned', { public: false });
      const { hostname, port } = new URL(stack.apiUrl);
      const request = http.request({ hostname, port, path: '/storage/v1/object/abandoned/half.bin', method: 'POST', agent: false, headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/octet-stream', 'Content-Length': String(10 * MIB) } });
      request.on('error', () => undefined);
      request.write(bytes(MIB));
      // The server has begun writing the file once its folder exists.
      const folder = path.join(storageRoot, 'abandoned', 'half.bin');
      for (let tries = 0; !existsSync(folder) && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(existsSync(folder));
      request.destroy();
      for (let tries = 0; existsSync(folder) && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(existsSync(folder), false);
      assert.equal((await pgQuery(stack.dbUrl, "select count(*)::int as n from storage.objects where bucket_id = 'abandoned'")).rows[0].n, 0);
      assert.equal((await service.storage.from('abandoned').upload('half.bin', Buffer.from('whole'))).error, null);
      const { logFile } = gatewayFiles(projectId, project.env);
      // One line saying what happened, no stack trace of a failure.
      const log = readFileSync(logFile, 'utf8');
      assert.match(log, /storage POST \/storage\/v1\/object\/abandoned\/half\.bin: the client closed the connection\n/);
      assert.doesNotMatch(log, /Error: aborted/);
    });
  });

  describe('signed URLs', () => {
    before(async () => {
      await service.storage.createBucket('signed');
      await service.storage.from('signed').upload('doc.txt', Buffer.from('signed content'), { contentType: 'text/plain' });
    });

    it('serves an object through a signed URL, with Expires, without any key', async () => {
      const { data, error } = await service.storage.from('signed').createSignedUrl('doc.txt', 60);
      assert.equal(error, null);
      const answer = await fetch(data!.signedUrl);
      assert.equal(answer.status, 200);
      assert.equal(await answer.text(), 'signed content');
      const expires = Date.parse(answer.headers.get('expires')!);
      assert.ok(Math.abs(expires - (Date.now() + 60_000)) < 5_000, answer.headers.get('expires')!);
      const many = await service.storage.from('signed').createSignedUrls(['doc.txt', 'none.txt'], 60);
      assert.equal(many.data![1].error, 'Either the object does not exist or you do not have access to it');
      assert.equal(await (await fetch(many.data![0].signedUrl)).text(), 'signed content');
      assert.equal((await service.storage.from('signed').createSignedUrl('none.txt', 60)).error?.message, 'Object not found');
    });

    it('refuses a forged, an expired and a misdirected token', async () => {
      const { data } = await service.storage.from('signed').createSignedUrl('doc.txt', 60);
      const base = data!.signedUrl.split('?')[0];
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({ url: 'signed/doc.txt' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 60).sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-0123'));
      const refusedForged = await fetch(`${base}?token=${forged}`);
      assert.equal(refusedForged.status, 400);
      assert.deepEqual(await refusedForged.json(), { statusCode: '400', error: 'Invalid JWT', message: 'invalid signature' });
      const secret = new TextEncoder().encode(stack.jwtSecret);
      const expired = await new SignJWT({ url: 'signed/doc.txt' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now - 120).setExpirationTime(now - 60).sign(secret);
      assert.equal(((await (await fetch(`${base}?token=${expired}`)).json()) as { message: string }).message, 'jwt expired');
      const elsewhere = await new SignJWT({ url: 'signed/other.txt' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + 60).sign(secret);
      assert.equal(((await (await fetch(`${base}?token=${elsewhere}`)).json()) as { message: string }).message, 'The url do not match the signature');
    });

    it('uploads through a signed upload URL, once', async () => {
      const { data, error } = await service.storage.from('signed').createSignedUploadUrl('up/new.txt');
      assert.equal(error, null);
      const uploaded = await anon.storage.from('signed').uploadToSignedUrl('up/new.txt', data!.token, Buffer.from('via signed upload'), { contentType: 'text/plain' });
      assert.equal(uploaded.error, null);
      assert.equal(await (await service.storage.from('signed').download('up/new.txt')).data!.text(), 'via signed upload');
      assert.equal((await service.storage.from('signed').createSignedUploadUrl('up/new.txt')).error?.message, 'The resource already exists');
    });
  });

  describe('policies', () => {
    it('refuses anon uploads to a private bucket', async () => {
      const { error } = await anon.storage.from('avatars').upload(`${USER}/anon.png`, Buffer.from('x'), { contentType: 'image/png' });
      assert.equal(error?.message, 'new row violates row-level security policy');
    });

    it('lets a user write, read and delete under their own folder only, as the owner', async () => {
      const own = await user.storage.from('avatars').upload(`${USER}/me.png`, Buffer.from('me'), { contentType: 'image/png' });
      assert.equal(own.error, null);
      const { rows } = await pgQuery(stack.dbUrl, "select owner, owner_id from storage.objects where bucket_id = 'avatars' and name = $1", [`${USER}/me.png`]);
      assert.deepEqual(rows[0], { owner: USER, owner_id: USER });
      const other = await user.storage.from('avatars').upload(`${OTHER}/not-me.png`, Buffer.from('x'), { contentType: 'image/png' });
      assert.equal(other.error?.message, 'new row violates row-level security policy');
      assert.equal(await (await user.storage.from('avatars').download(`${USER}/me.png`)).data!.text(), 'me');
      await service.storage.from('avatars').upload(`${OTHER}/theirs.png`, Buffer.from('theirs'), { contentType: 'image/png' });
      assert.equal((await user.storage.from('avatars').download(`${OTHER}/theirs.png`)).error?.message, 'Object not found');
      assert.deepEqual((await user.storage.from('avatars').list(OTHER)).data, []);
      assert.deepEqual((await user.storage.from('avatars').remove([`${OTHER}/theirs.png`])).data, []);
      assert.deepEqual((await user.storage.from('avatars').remove([`${USER}/me.png`])).data!.map((row) => row.name), [`${USER}/me.png`]);
      // The service role is above the policies.
      assert.equal(await (await service.storage.from('avatars').download(`${OTHER}/theirs.png`)).data!.text(), 'theirs');
    });

    it('refuses a bad token with the JWT library\'s words', async () => {
      const expired = createClient(stack.apiUrl, stack.anonKey, { ...options, global: { headers: { Authorization: `Bearer ${await userToken(stack, USER, -60)}` } } });
      assert.equal((await expired.storage.listBuckets()).error?.message, 'jwt expired');
    });
  });

  describe('limits', () => {
    before(async () => {
      await service.storage.createBucket('limited', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['image/*'] });
      await service.storage.createBucket('unlimited');
    });

    it('refuses an object over the bucket\'s size limit, by raw body and by form, and keeps no file', async () => {
      const raw = await service.storage.from('limited').upload('big.png', bytes(1001), { contentType: 'image/png' });
      assert.equal(raw.error?.message, 'The object exceeded the maximum allowed size');
      const form = await service.storage.from('limited').upload('big.png', new Blob([bytes(5000)], { type: 'image/png' }));
      assert.equal(form.error?.message, 'The object exceeded the maximum allowed size');
      assert.equal((await service.storage.from('limited').upload('small.png', bytes(1000), { contentType: 'image/png' })).error, null);
      assert.deepEqual(readdirSync(path.join(storageRoot, 'limited')), ['small.png']);
    });

    it('refuses a mime type the bucket does not allow', async () => {
      const { error } = await service.storage.from('limited').upload('note.txt', Buffer.from('x'), { contentType: 'text/plain' });
      assert.equal(error?.message, 'mime type text/plain is not supported');
    });

    it('refuses an object over [storage] file_size_limit', async () => {
      const { error } = await service.storage.from('unlimited').upload('huge.bin', bytes(GLOBAL_LIMIT + 1));
      assert.equal(error?.message, 'The object exceeded the maximum allowed size');
      assert.equal((await service.storage.createBucket('over', { public: false, fileSizeLimit: GLOBAL_LIMIT + 1 })).error?.message, 'the requested max_file_size exceed the global limit');
    });
  });

  describe('supabase storage --local', () => {
    it('copies, lists, moves and removes objects of the local stack without a login', async () => {
      const local = path.join(project.root, 'local.bin');
      const content = bytes(1_500_000, 5);
      writeFileSync(local, content);
      const run = (...args: string[]) => project.run(['storage', ...args, '--local', '--experimental'], { SUPABASE_ACCESS_TOKEN: '' });
      const up = run('cp', local, 'ss:///cli-bucket/dir/file.bin');
      assert.equal(up.code, 0, up.stderr);
      assert.ok(Buffer.from(await (await service.storage.from('cli-bucket').download('dir/file.bin')).data!.arrayBuffer()).equals(content));
      assert.equal(run('ls', 'ss:///cli-bucket/dir/').stdout, 'file.bin\n');
      const moved = run('mv', 'ss:///cli-bucket/dir/file.bin', 'ss:///cli-bucket/dir/moved.bin');
      assert.equal(moved.code, 0, moved.stderr);
      const back = path.join(project.root, 'back.bin');
      assert.equal(run('cp', 'ss:///cli-bucket/dir/moved.bin', back).code, 0);
      assert.ok(readFileSync(back).equals(content));
      assert.equal(run('rm', 'ss:///cli-bucket/dir/moved.bin').code, 0);
      assert.deepEqual((await service.storage.from('cli-bucket').list('dir')).data, []);
    });

    it('moves an object of the global limit\'s size both ways with the gateway\'s memory flat', async function () {
      const local = path.join(project.root, 'large.bin');
      const content = bytes(GLOBAL_LIMIT, 9);
      writeFileSync(local, content);
      const { pid } = await gatewayStatus(projectId, project.env);
      const peak = () => Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
      // Resets the peak resident size, so what follows is measured alone; moving 100 or 300 MiB both
      // add about 32 MiB (the heap settling), a buffered transfer would add the object itself.
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const before = peak();
      const run = (...args: string[]) => project.run(['storage', ...args, '--local', '--experimental'], { SUPABASE_ACCESS_TOKEN: '' });
      const up = run('cp', local, 'ss:///cli-bucket/large.bin');
      assert.equal(up.code, 0, up.stderr);
      const back = path.join(project.root, 'large-back.bin');
      const down = run('cp', 'ss:///cli-bucket/large.bin', back);
      assert.equal(down.code, 0, down.stderr);
      assert.ok(readFileSync(back).equals(content));
      const grown = peak() - before;
      assert.ok(grown < 64 * MIB, `the gateway grew by ${Math.round(grown / MIB)} MiB moving ${GLOBAL_LIMIT / MIB} MiB`);
    });

    it('refuses --local with --linked, and says when the stack is down', () => {
      const both = project.run(['storage', 'ls', '--local', '--linked', '--experimental']);
      assert.equal(both.code, 2);
      assert.match(both.stderr, /if any flags in the group \[linked local\] are set none of the others can be/);
      assert.equal(project.run(['stop']).code, 0);
      const down = project.run(['storage', 'ls', '--local', '--experimental'], { SUPABASE_ACCESS_TOKEN: '' });
      assert.equal(down.code, 1);
      assert.match(down.stderr, /supabase start is not running\./);
    });

    it('-x storage-api leaves Storage out: its routes answer 503 saying so; the files stay until stop --no-backup', async () => {
      const started = project.run(['start', '-x', 'storage-api']);
      assert.equal(started.code, 0, started.stderr);
      assert.match(started.stderr, /^Kong: API gateway at .* serving rest$/m);
      assert.match(started.stderr, /^Excluded: .*\bstorage\b/m);
      const answer = await fetch(`${stack.apiUrl}/storage/v1/bucket`, { headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } });
      assert.equal(answer.status, 503);
      assert.match(((await answer.json()) as { message: string }).message, /^storage is not running: it was left out with supabase start -x storage-api/);
      assert.equal(project.run(['stop']).code, 0);
      assert.ok(existsSync(path.join(storageRoot, 'files', 'dir')));
      // The files go with the database's data.
      const deleted = project.run(['stop', '--no-backup']);
      assert.equal(deleted.code, 0, deleted.stderr);
      assert.equal(existsSync(storageRoot), false);
    });
  });
});
