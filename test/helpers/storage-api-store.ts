/**
 * The state behind the local Storage API of the tests: buckets and objects, with each object's
 * bytes in a real file under a temporary folder (named by a hash of its key, so keys of any shape
 * and length fit) and its metadata in memory. Its shapes are the client's, which are the
 * service's wire format. Failures carry the Storage API's own error bodies:
 * HTTP 400 with the meant status as a string (`{"statusCode":"404","error":"Bucket not found",...}`),
 * the shape the CLI's messages quote and its retry rules look for.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Bucket, ListedObject, ObjectMetadata } from '../../tasks/storage/storage-api.js';

/** An object row as the service keeps it (the list, download and delete routes show parts of it). */
export interface StoredObject {
  id: string;
  name: string;
  bucket_id: string;
  version: string;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata: ObjectMetadata;
}

/** A refusal as the Storage API words it. */
export class StorageRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  body(): string {
    return JSON.stringify({ statusCode: String(this.statusCode), error: this.error, message: this.message });
  }
}

export const bucketNotFound = () => new StorageRefusal(404, 'Bucket not found', 'Bucket not found');
export const objectNotFound = () => new StorageRefusal(404, 'not_found', 'Object not found');
export const duplicate = () => new StorageRefusal(409, 'Duplicate', 'The resource already exists');

export class StorageStore {
  readonly buckets = new Map<string, Bucket>();
  readonly objects = new Map<string, Map<string, StoredObject>>();

  constructor(readonly root: string) {}

  createBucket(name: string): Bucket {
    if (this.buckets.has(name)) throw duplicate();
    const now = new Date().toISOString();
    const bucket = { id: name, name, owner: '', public: false, file_size_limit: null, allowed_mime_types: null, created_at: now, updated_at: now };
    this.buckets.set(name, bucket);
    this.objects.set(name, new Map());
    return bucket;
  }

  deleteBucket(id: string): void {
    const objects = this.objects.get(id);
    if (!objects) throw bucketNotFound();
    if (objects.size > 0) throw new StorageRefusal(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
    this.buckets.delete(id);
    this.objects.delete(id);
  }

  /** Where an object's bytes live on disk. */
  filePath(bucket: string, key: string): string {
    return path.join(this.root, encodeURIComponent(bucket), createHash('sha256').update(key).digest('hex'));
  }

  /** Streams a body into a new object; the bytes land under the object's name only when complete. */
  async upload(bucket: string, key: string, body: Readable, headers: { contentType: string; cacheControl: string; upsert: boolean }): Promise<StoredObject> {
    const objects = this.objects.get(bucket);
    if (!objects) throw bucketNotFound();
    if (objects.has(key) && !headers.upsert) throw duplicate();
    const target = this.filePath(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    const md5 = createHash('md5');
    body.on('data', (chunk: Buffer) => md5.update(chunk));
    await pipeline(body, createWriteStream(partial));
    await rename(partial, target);
    const size = (await stat(target)).size;
    const now = new Date().toISOString();
    const object: StoredObject = {
      id: randomUUID(), name: key, bucket_id: bucket, version: randomUUID(), created_at: now, updated_at: now, last_accessed_at: now,
      metadata: { eTag: `"${md5.digest('hex')}"`, size, mimetype: headers.contentType, cacheControl: headers.cacheControl, lastModified: now, contentLength: size, httpStatusCode: 200 },
    };
    objects.set(key, object);
    return object;
  }

  find(bucket: string, key: string): StoredObject {
    const object = this.objects.get(bucket)?.get(key);
    if (!object) throw objectNotFound();
    return object;
  }

  open(bucket: string, key: string): { object: StoredObject; stream: Readable } {
    const object = this.find(bucket, key);
    return { object, stream: createReadStream(this.filePath(bucket, key)) };
  }

  async move(bucket: string, from: string, to: string): Promise<void> {
    const object = this.find(bucket, from);
    const objects = this.objects.get(bucket)!;
    if (objects.has(to)) throw duplicate();
    await rename(this.filePath(bucket, from), this.filePath(bucket, to));
    objects.delete(from);
    objects.set(to, { ...object, name: to, updated_at: new Date().toISOString() });
  }

  async remove(bucket: string, names: string[]): Promise<StoredObject[]> {
    const objects = this.objects.get(bucket);
    const removed: StoredObject[] = [];
    for (const name of new Set(names)) {
      const object = objects?.get(name);
      if (!object) continue;
      await rm(this.filePath(bucket, name), { force: true });
      objects!.delete(name);
      removed.push(object);
    }
    return removed;
  }

  /**
   * The storage.search semantics: the prefix is taken as a folder (a slash is added), names are
   * matched case-insensitively against prefix + search, and each match is reported at the level
   * below the prefix: an object there, or the folder it lies in (id null), sorted by name.
   */
  list(bucket: string, body: { prefix: string; search?: string; limit?: number; offset?: number }): ListedObject[] {
    const prefix = body.prefix.length > 0 && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix;
    const wanted = (prefix + (body.search ?? '')).toLowerCase();
    const entries = new Map<string, ListedObject>();
    for (const object of this.objects.get(bucket)?.values() ?? []) {
      if (!object.name.toLowerCase().startsWith(wanted) || !object.name.startsWith(prefix)) continue;
      const rest = object.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) entries.set(rest, { name: rest, id: object.id, updated_at: object.updated_at, created_at: object.created_at, last_accessed_at: object.last_accessed_at, metadata: object.metadata });
      else if (!entries.has(`${rest.slice(0, slash)}/`)) {
        entries.set(`${rest.slice(0, slash)}/`, { name: rest.slice(0, slash), id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    }
    const sorted = [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const offset = body.offset ?? 0;
    return sorted.slice(offset, offset + (body.limit ?? 100));
  }
}
