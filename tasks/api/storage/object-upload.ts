/**
 * Uploads as storage-api v0.46.4 makes them (ObjectStorage.uploadNewObject /
 * uploadOverridingObject and its Uploader): the bucket read as the service role for its limits;
 * the request's right to insert (or, with `x-upsert`, to upsert; for PUT, to update) the row
 * tested first and rolled back, so the policies decide before a byte is written; the content
 * streamed into a new version's file, its type checked against the bucket's allowed mime types
 * and its size against the smaller of the bucket's and the global limit; then, under the object's
 * advisory lock, the row pointed at the new version (as the service role) and the old version's
 * file removed. A failure at any step removes the new file: nothing half-written stays.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findBucket } from './bucket-store.js';
import { incomingFile, uploadLimit } from './incoming-file.js';
import { findObject, insertObject, updateObject, upsertObject, waitObjectLock, type ObjectMetadata, type ObjectRow } from './object-store.js';
import type { StorageContext } from './storage-context.js';
import { backendError } from './storage-error.js';
import type { StorageUser } from './storage-jwt.js';
import { checkUploadMimeType, mustBeValidKey } from './storage-limits.js';
import { inTransaction, testPermission, type RequestScope } from './storage-transaction.js';

export interface UploadRequest {
  bucket: string;
  name: string;
  /** Who acts: the request's user, or the service role for a signed upload URL. */
  user: StorageUser;
  /** Written as the object's owner (the token's `sub`). */
  owner?: string;
  /** `x-upsert: true`: replace an object of that name. */
  upsert: boolean;
  /** PUT: the object must exist and the request must be allowed to update it. */
  overriding: boolean;
}

/** Whether `user` may create (or upsert) the object: the statement runs, the policies judge, it is undone. */
export async function canUpload(context: StorageContext, scope: RequestScope, user: StorageUser, bucket: string, name: string, owner: string | undefined, upsert: boolean): Promise<void> {
  await testPermission(context.pool, user, scope, (tx) => (upsert ? upsertObject : insertObject)(tx, { bucket_id: bucket, name, version: '1', owner }));
}

/** Points the object's row at a version whose file is written; removes the version it replaces. */
export async function completeUpload(context: StorageContext, scope: RequestScope, user: StorageUser, upload: { bucket: string; name: string; owner?: string; version: string; metadata: ObjectMetadata }): Promise<ObjectRow> {
  const { row, replaced } = await inTransaction(context.pool, user, scope, async (tx) => {
    await waitObjectLock(tx, upload.bucket, upload.name);
    await tx.become(context.superUser);
    const current = await findObject(tx, upload.bucket, upload.name, { forUpdate: true, allowMissing: true });
    const row = await upsertObject(tx, { bucket_id: upload.bucket, name: upload.name, owner: upload.owner, version: upload.version, metadata: upload.metadata });
    return { row, replaced: current?.version };
  });
  if (replaced && replaced !== upload.version) await context.files.remove(upload.bucket, upload.name, replaced).catch((error: Error) => context.log(`could not remove a replaced object file: ${error.message}`));
  return row;
}

/** Uploads the request's content as an object; the row written. */
export async function uploadObject(context: StorageContext, request: FastifyRequest, scope: RequestScope, upload: UploadRequest): Promise<ObjectRow> {
  mustBeValidKey(upload.name, 'The object name contains invalid characters');
  const bucket = await inTransaction(context.pool, context.superUser, scope, (tx) => findBucket(tx, upload.bucket));
  if (upload.overriding) {
    await testPermission(context.pool, upload.user, scope, (tx) => updateObject(tx, upload.bucket, upload.name, { name: upload.name, owner: upload.owner, version: '1' }));
  }
  await canUpload(context, scope, upload.user, upload.bucket, upload.name, upload.owner, upload.upsert || upload.overriding);
  const file = await incomingFile(request);
  const version = randomUUID();
  let written: Awaited<ReturnType<typeof context.files.write>>;
  try {
    if (bucket.allowed_mime_types) checkUploadMimeType(file.mimeType, bucket.allowed_mime_types);
    written = await context.files.write(upload.bucket, upload.name, version, file.body, uploadLimit(context.settings.fileSizeLimit, bucket.file_size_limit));
  } finally {
    // What the client sends after the file (or all of it, when refused first) is read and dropped.
    await file.finish().catch(() => undefined);
  }
  if (written === 'too-large') throw backendError('Payload too large', 413, 'The object exceeded the maximum allowed size');
  const metadata: ObjectMetadata = {
    eTag: written.eTag,
    size: written.size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: written.lastModified.toISOString(),
    contentLength: written.size,
    httpStatusCode: 200,
  };
  try {
    return await completeUpload(context, scope, upload.user, { bucket: upload.bucket, name: upload.name, owner: upload.owner, version, metadata });
  } catch (error) {
    await context.files.remove(upload.bucket, upload.name, version).catch(() => undefined);
    throw error;
  }
}
