/**
 * Resumable uploads as storage-api v0.46.4 serves them (routes/tus with its lifecycle hooks):
 * @tus/server speaking TUS 1.0.0 (creation, creation-with-upload, creation-defer-length,
 * termination, except of a finished upload), @tus/file-store writing each chunk to disk at the
 * offset it belongs, straight into the file of the object version the upload id names
 * (upload-id.ts), so nothing is held in memory and nothing is copied when it completes. Every
 * request but OPTIONS must be allowed to create the object (`x-upsert: true`: to upsert it), the
 * same RLS check a normal upload makes; the length is held to the smaller of the bucket's and the
 * global size limit; on creation the bucket's mime types are checked and the cache control set;
 * when the last byte arrives the object's row is written as a normal upload writes it. A
 * refusal is storage-api's: its code as the status, its message as the plain-text body.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { findBucket } from './bucket-store.js';
import type { ObjectMetadata } from './object-store.js';
import { canUpload, completeUpload } from './object-upload.js';
import type { StorageContext } from './storage-context.js';
import { backendError, StorageError } from './storage-error.js';
import type { StorageUser } from './storage-jwt.js';
import { checkUploadMimeType } from './storage-limits.js';
import type { RequestScope } from './storage-transaction.js';
import { inTransaction } from './storage-transaction.js';
import { formatUploadId, parseUploadId, uploadId, uploadIdFromUrl, uploadIdToUrl } from './upload-id.js';
import { UploadInfoStore } from './upload-info-store.js';

/** storage-api's TUS_URL_PATH behind the gateway's `/storage/v1`. */
export const RESUMABLE_PATH = '/storage/v1/upload/resumable';

/** What the route handler learned of a request before handing it to the TUS server. */
export interface ResumableRequest {
  user: StorageUser;
  scope: RequestScope;
}

/** The request each TUS hook is about, found through the Node request the server was handed. */
const requests = new WeakMap<IncomingMessage, ResumableRequest>();

/** Tells the hooks who sends `raw` before the server sees it. */
export function rememberRequest(raw: IncomingMessage, request: ResumableRequest): void {
  requests.set(raw, request);
}

function requestOf(req: Request): ResumableRequest {
  // @tus/server wraps the Node request in srvx's Request; the original is kept on it.
  const raw = (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const found = raw && requests.get(raw);
  if (!found) throw new Error('a resumable upload request reached the TUS server without its user');
  return found;
}

const isUpsert = (req: Request): boolean => req.headers.get('x-upsert') === 'true';

/** The smaller of the bucket's and the global size limit (storage-api's maxSize hook). */
async function maxSize(context: StorageContext, req: Request, id: string | null): Promise<number> {
  const global = context.settings.fileSizeLimit;
  if (!id) return global;
  const { bucket } = parseUploadId(id);
  const found = await inTransaction(context.pool, context.superUser, requestOf(req).scope, (tx) => findBucket(tx, bucket));
  const limit = found.file_size_limit || global;
  return Math.min(limit, global);
}

/** The metadata on creation: cache control as storage-api writes it, the mime type checked against the bucket's. */
async function onUploadCreate(context: StorageContext, req: Request, upload: Upload): Promise<{ metadata?: Upload['metadata'] }> {
  const id = parseUploadId(upload.id);
  const bucket = await inTransaction(context.pool, context.superUser, requestOf(req).scope, (tx) => findBucket(tx, id.bucket));
  const metadata = upload.metadata ? { ...upload.metadata } : undefined;
  if (metadata) metadata.cacheControl = /^-?\d+$/.test(metadata.cacheControl ?? '') ? `max-age=${metadata.cacheControl}` : 'no-cache';
  if (metadata?.contentType && bucket.allowed_mime_types) checkUploadMimeType(metadata.contentType, bucket.allowed_mime_types);
  return { metadata };
}

/** The last byte is in: the object's row points at the upload's version, as a normal upload's does. */
async function onUploadFinish(context: StorageContext, req: Request, upload: Upload): Promise<Record<string, never>> {
  const id = parseUploadId(upload.id);
  const { user, scope } = requestOf(req);
  const file = await context.files.head(id.bucket, id.name, id.version);
  const metadata: ObjectMetadata = {
    eTag: file.eTag,
    size: file.size,
    // storage-api takes the stored content type; an upload that named none is sent as bytes.
    mimetype: upload.metadata?.contentType || 'application/octet-stream',
    cacheControl: upload.metadata?.cacheControl || 'no-cache',
    lastModified: file.lastModified.toISOString(),
    contentLength: file.size,
    httpStatusCode: 200,
  };
  // The request bringing the last byte passed canUpload like every other (onIncomingRequest).
  await completeUpload(context, scope, user, { bucket: id.bucket, name: id.name, owner: user.owner, version: id.version, metadata });
  return {};
}

/** The TUS server of one Storage service, writing under its file backend's root. */
export function createResumableServer(context: StorageContext): Server {
  const root = context.files.root;
  return new Server({
    path: RESUMABLE_PATH,
    datastore: new FileStore({ directory: root, configstore: new UploadInfoStore(root) }),
    disableTerminationForFinishedUploads: true,
    respectForwardedHeaders: true,
    allowedHeaders: ['Authorization', 'X-Upsert', 'Upload-Expires', 'ApiKey'],
    namingFunction(_req, metadata) {
      if (!metadata) throw backendError('metadata_header_invalid', 400, 'metadata header invalid');
      const id = uploadId(metadata.bucketName || '', metadata.objectName || '', randomUUID());
      // The version's file must stay inside its bucket's folder, as every object file must.
      context.files.file(id.bucket, id.name, id.version);
      return formatUploadId(id);
    },
    generateUrl: (_req, { proto, host, path, id }) => `${proto}://${host}${path}/${uploadIdToUrl(id)}`,
    getFileIdFromRequest(req) {
      const last = /([^/]+)\/?$/.exec(new URL(req.url).pathname)?.[1];
      if (!last || RESUMABLE_PATH.includes(last)) return undefined;
      const id = uploadIdFromUrl(last);
      // An id that does not parse, or names a file outside its bucket's folder, is no upload of ours.
      try {
        const parsed = parseUploadId(id);
        context.files.file(parsed.bucket, parsed.name, parsed.version);
      } catch {
        return undefined;
      }
      return id;
    },
    maxSize: (req, id) => maxSize(context, req, id),
    async onIncomingRequest(req, id) {
      if (req.method === 'OPTIONS') return;
      const parsed = parseUploadId(id);
      const { user, scope } = requestOf(req);
      await canUpload(context, scope, user, parsed.bucket, parsed.name, user.owner, isUpsert(req));
    },
    onUploadCreate: (req, upload) => onUploadCreate(context, req, upload),
    onUploadFinish: (req, upload) => onUploadFinish(context, req, upload),
    onResponseError(req, error) {
      if (error instanceof StorageError) return { status_code: error.code, body: error.message };
      // Errors of the protocol (@tus/server's own) carry their status; anything else is ours.
      if (error instanceof Error) context.log(`storage ${req.method} ${new URL(req.url).pathname}: ${error.stack ?? error.message}`);
      return undefined;
    },
  });
}
