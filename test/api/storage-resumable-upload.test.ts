/**
 * Resumable uploads of the native Storage API (storage-api v0.46.4's `/upload/resumable`, TUS
 * 1.0.0 through @tus/server) against a native stack started by the built CLI, with a small TUS
 * client written here (creation, PATCH by chunks, HEAD to resume, DELETE): an object sent in
 * several chunks, cut off mid-chunk and resumed from the offset the server reports, then
 * downloaded byte for byte with supabase-js and its row written as a normal upload's; the
 * project's policies refusing anon on a private bucket before anything is created; the bucket's
 * size limit, an existing name without `x-upsert`, termination, and the upload URL's id format.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { gatewayStatus } from '../../tasks/api/gateway/gateway-process.js';
import { clusterPaths } from '../../tasks/native/native-paths.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

const KIB = 1024;
const options = { auth: { persistSession: false, autoRefreshToken: false } };

interface TusResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Deterministic bytes of every value, so a shifted or truncated copy never compares equal. */
function bytes(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let at = 0; at < size; at++) buffer[at] = (at * 31 + (at >> 8) * 7) & 0xff;
  return buffer;
}

/** One TUS request on a connection of its own (no pooled socket outlives a cut). */
function tusRequest(url: string, method: string, headers: Record<string, string>, body?: Buffer): Promise<TusResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: false, headers: { 'Tus-Resumable': '1.0.0', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Upload-Metadata as TUS encodes it: `key base64(value)` pairs. */
function metadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** Sends `part` of a PATCH and then cuts the connection, as a client losing its network does. */
function interruptedPatch(url: string, headers: Record<string, string>, part: Buffer, declared: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: 'PATCH',
      agent: false,
      headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(declared), ...headers },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(part, () => setTimeout(() => request.destroy(), 300));
  });
}

describe('resumable uploads of the native Storage API (TUS)', function () {
  this.timeout(180_000);
  let project: CliProject;
  let apiUrl: string;
  let endpoint: string;
  let serviceKey: string;
  let anonKey: string;
  let dbUrl: string;
  let service: SupabaseClient;
  let storageRoot: string;
  let projectId: string;

  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
  const create = (key: string, length: number, values: Record<string, string>, extra: Record<string, string> = {}, body?: Buffer) =>
    tusRequest(endpoint, 'POST', { ...auth(key), 'Upload-Length': String(length), 'Upload-Metadata': metadata(values), ...extra, ...(body ? { 'Content-Type': 'application/offset+octet-stream' } : {}) }, body);
  const patch = (url: string, key: string, offset: number, chunk: Buffer) =>
    tusRequest(url, 'PATCH', { ...auth(key), 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, chunk);

  before(async () => {
    project = await cliProject('storage-resumable');
    const config = path.join(project.root, 'supabase', 'config.toml');
    // cliProject gives the stack an API port of its own; the global limit takes the large upload below.
    const toml = readFileSync(config, 'utf8');
    assert.match(toml, /^file_size_limit = "50MiB"$/m);
    writeFileSync(config, toml.replace(/^file_size_limit = "50MiB"$/m, 'file_size_limit = "100MiB"'));
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    apiUrl = status.API_URL!;
    endpoint = `${apiUrl}/storage/v1/upload/resumable`;
    serviceKey = status.SERVICE_ROLE_KEY!;
    anonKey = status.ANON_KEY!;
    dbUrl = status.DB_URL!;
    service = createClient(apiUrl, serviceKey, options);
    projectId = /^project_id = "(.*)"$/m.exec(toml)![1];
    storageRoot = path.join(clusterPaths(projectId, project.env).root, 'storage');
    assert.equal((await service.storage.createBucket('videos', { public: false })).error, null);
    assert.equal((await service.storage.createBucket('small', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['image/*'] })).error, null);
  });
  after(() => project?.dispose());

  it('answers OPTIONS with the protocol it speaks', async () => {
    const response = await tusRequest(endpoint, 'OPTIONS', {});
    assert.equal(response.status, 204);
    assert.equal(response.headers['tus-version'], '1.0.0');
    assert.deepEqual(String(response.headers['tus-extension']).split(','), ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration']);
  });

  it('takes an object in chunks, resumes it after an interruption, and serves it byte for byte', async () => {
    const content = bytes(600 * KIB + 123);
    const created = await create(serviceKey, content.length, { bucketName: 'videos', objectName: 'clips/one.bin', contentType: 'video/mp4', cacheControl: '3600' });
    assert.equal(created.status, 201, created.body);
    // What a browser's TUS client needs to read, as the gateway passes it on.
    assert.equal(created.headers['access-control-allow-origin'], '*');
    assert.match(String(created.headers['access-control-expose-headers']), /\bLocation\b.*\bUpload-Offset\b|\bUpload-Offset\b.*\bLocation\b/);
    const location = created.headers.location!;
    // The URL ends with the id storage-api makes: base64url of bucket/name/version.
    const id = Buffer.from(location.split('/').pop()!, 'base64url').toString('utf8');
    assert.match(id, /^videos\/clips\/one\.bin\/[0-9a-f-]{36}$/);
    assert.ok(location.startsWith(`${endpoint}/`), location);
    const chunk = 200 * KIB;
    const first = await patch(location, serviceKey, 0, content.subarray(0, chunk));
    assert.equal(first.status, 204, first.body);
    assert.equal(first.headers['upload-offset'], String(chunk));
    // The second chunk is cut off halfway: what arrived stays (the resume starts mid-chunk), and HEAD says how much.
    await interruptedPatch(location, { ...auth(serviceKey), 'Upload-Offset': String(chunk) }, content.subarray(chunk, chunk + 100 * KIB), chunk);
    const head = await tusRequest(location, 'HEAD', auth(serviceKey));
    assert.equal(head.status, 200);
    const offset = Number(head.headers['upload-offset']);
    assert.equal(head.headers['upload-length'], String(content.length));
    assert.ok(offset > chunk && offset <= chunk + 100 * KIB, String(offset));
    // Not there yet: no row until the last byte.
    assert.equal((await service.storage.from('videos').download('clips/one.bin')).error?.message, 'Object not found');
    // A wrong offset is refused; the right one resumes.
    assert.equal((await patch(location, serviceKey, 0, content.subarray(0, 10))).status, 409);
    for (let at = offset; at < content.length; at += chunk) {
      const sent = await patch(location, serviceKey, at, content.subarray(at, Math.min(at + chunk, content.length)));
      assert.equal(sent.status, 204, sent.body);
    }
    const { data, error } = await service.storage.from('videos').download('clips/one.bin');
    assert.equal(error, null);
    assert.ok(Buffer.from(await data!.arrayBuffer()).equals(content));
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const row = (await client.query("select version, metadata from storage.objects where bucket_id = 'videos' and name = 'clips/one.bin'")).rows[0] as { version: string; metadata: Record<string, unknown> };
      assert.equal(row.version, id.split('/').pop());
      assert.equal(row.metadata.eTag, `"${createHash('md5').update(content).digest('hex')}"`);
      assert.equal(row.metadata.size, content.length);
      assert.equal(row.metadata.mimetype, 'video/mp4');
      assert.equal(row.metadata.cacheControl, 'max-age=3600');
    } finally {
      await client.end();
    }
    // The content was written in place: the object's folder holds its one version and nothing else.
    assert.deepEqual(readdirSync(path.join(storageRoot, 'videos', 'clips', 'one.bin')), [row0(id)]);
    // A finished upload is an object now: like any request on it, a DELETE must be allowed to create it, and is not.
    const terminated = await tusRequest(location, 'DELETE', auth(serviceKey));
    assert.deepEqual([terminated.status, terminated.body], [409, 'The resource already exists']);
    assert.equal((await service.storage.from('videos').download('clips/one.bin')).error, null);
  });

  it('writes a large chunk to disk as it arrives, the gateway\'s memory flat', async () => {
    const content = bytes(96 * KIB * KIB);
    const { pid } = await gatewayStatus(projectId, project.env);
    const peak = () => Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * KIB;
    // Resets the peak resident size, so the upload is measured alone: one PATCH of 96 MiB held in
    // memory would add at least that much, streamed it adds the heap's settling (as storage cp does).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = peak();
    const created = await create(serviceKey, content.length, { bucketName: 'videos', objectName: 'large.bin' });
    assert.equal(created.status, 201, created.body);
    const sent = await patch(created.headers.location!, serviceKey, 0, content);
    assert.equal(sent.status, 204, sent.body);
    const grown = peak() - before;
    assert.ok(grown < 64 * KIB * KIB, `the gateway grew by ${Math.round(grown / KIB / KIB)} MiB taking 96 MiB`);
    const { data } = await service.storage.from('videos').download('large.bin');
    assert.ok(Buffer.from(await data!.arrayBuffer()).equals(content));
  });

  it('creates with the first bytes in the same request, and with x-upsert replaces an object', async () => {
    const content = bytes(3000);
    const created = await create(serviceKey, content.length, { bucketName: 'videos', objectName: 'once.bin' }, {}, content);
    assert.equal(created.status, 201, created.body);
    assert.equal(created.headers['upload-offset'], String(content.length));
    const again = await create(serviceKey, 10, { bucketName: 'videos', objectName: 'once.bin' });
    assert.equal(again.status, 409);
    assert.equal(again.body, 'The resource already exists');
    const replaced = await create(serviceKey, 10, { bucketName: 'videos', objectName: 'once.bin' }, { 'x-upsert': 'true' }, bytes(10));
    assert.equal(replaced.status, 201, replaced.body);
    const { data } = await service.storage.from('videos').download('once.bin');
    assert.ok(Buffer.from(await data!.arrayBuffer()).equals(bytes(10)));
  });

  it('lets the policies refuse anon on a private bucket before anything is created', async () => {
    const refused = await create(anonKey, 100, { bucketName: 'videos', objectName: 'anon.bin' }, {}, bytes(100));
    assert.equal(refused.status, 403);
    assert.equal(refused.body, 'new row violates row-level security policy');
    assert.equal(existsSync(path.join(storageRoot, 'videos', 'anon.bin')), false);
    // An upload the service role made may not be continued by anon either.
    const created = await create(serviceKey, 100, { bucketName: 'videos', objectName: 'mine.bin' });
    const hijacked = await patch(created.headers.location!, anonKey, 0, bytes(100));
    assert.equal(hijacked.status, 403);
    const bad = await create('not-a-jwt', 100, { bucketName: 'videos', objectName: 'x.bin' });
    assert.equal(bad.status, 400);
    // The JWT plugin's JSON, before the TUS server sees the request.
    assert.deepEqual(JSON.parse(bad.body), { statusCode: '400', error: 'jwt malformed', message: 'jwt malformed' });
  });

  it('holds the length to the bucket\'s size limit and mime types, and terminates an unfinished upload', async () => {
    const large = await create(serviceKey, 2000, { bucketName: 'small', objectName: 'big.png', contentType: 'image/png' });
    assert.equal(large.status, 413);
    assert.equal(large.body, 'Maximum size exceeded\n');
    const wrongType = await create(serviceKey, 10, { bucketName: 'small', objectName: 'clip.mp4', contentType: 'video/mp4' });
    assert.deepEqual([wrongType.status, wrongType.body], [422, 'mime type video/mp4 is not supported']);
    const missing = await create(serviceKey, 10, { bucketName: 'nowhere', objectName: 'x.bin' });
    assert.equal(missing.status, 404);
    assert.equal(missing.body, 'Bucket not found');
    const created = await create(serviceKey, 500, { bucketName: 'small', objectName: 'gone.png', contentType: 'image/png' });
    assert.equal(created.status, 201);
    assert.equal((await patch(created.headers.location!, serviceKey, 0, bytes(100))).status, 204);
    assert.equal((await tusRequest(created.headers.location!, 'DELETE', auth(serviceKey))).status, 204);
    assert.equal((await tusRequest(created.headers.location!, 'HEAD', auth(serviceKey))).status, 404);
  });
});

/** The version an upload id names (its last segment). */
function row0(id: string): string {
  return id.split('/').pop()!;
}
