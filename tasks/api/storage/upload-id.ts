/**
 * The id of a resumable upload as storage-api v0.46.4 makes it (its UploadId with the path
 * separator): `<bucket>/<object name>/<version>`, a fresh version per upload, which is also where
 * the file backend keeps that version's content, so the upload is written in place. storage-api
 * puts its tenant in front (`stub/` for the CLI's) and leaves it out of the URL; the native
 * runtime has one project per folder and leaves it out altogether. In URLs the id is base64url.
 */
import { backendError } from './storage-error.js';
import { mustBeValidBucketName, mustBeValidKey } from './storage-limits.js';

export interface UploadId {
  bucket: string;
  name: string;
  version: string;
}

/** Checks the parts as storage-api's UploadId constructor does, in its words. */
export function uploadId(bucket: string, name: string, version: string): UploadId {
  mustBeValidBucketName(bucket, 'invalid bucket name');
  mustBeValidKey(name, 'invalid object name');
  if (!version) throw backendError('version_not_found', 422, 'version not provided');
  return { bucket, name, version };
}

export function formatUploadId(id: UploadId): string {
  return `${id.bucket}/${id.name}/${id.version}`;
}

/** An id read back: the first segment is the bucket, the last the version, the rest the name. */
export function parseUploadId(text: string): UploadId {
  const parts = text.split('/');
  if (parts.length < 3) throw backendError('id_missmatch', 422, 'id format invalid');
  const [bucket, ...rest] = parts;
  const version = rest.pop() ?? '';
  return uploadId(bucket, rest.join('/'), version);
}

/** The id as the last segment of an upload's URL. */
export function uploadIdToUrl(id: string): string {
  return Buffer.from(id, 'utf8').toString('base64url');
}

export function uploadIdFromUrl(segment: string): string {
  return Buffer.from(segment, 'base64url').toString('utf8');
}
