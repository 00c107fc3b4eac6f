/**
 * The content of an upload as storage-api v0.46.4 reads it (Uploader.incomingFileInfo): a
 * `multipart/form-data` body gives the form's first file, its type from the form's `contentType`
 * field or the part's own, and its cache control from the `cacheControl` field (`max-age=<n>`);
 * any other body is the file itself, typed by Content-Type (`application/octet-stream` without
 * one), cached as its Cache-Control header says (`no-cache` without one). The size limit is the
 * smaller of `[storage] file_size_limit` and the bucket's own.
 */
import type { FastifyRequest } from 'fastify';
import { multipartBoundary, readFormFile } from './multipart-form.js';
import { backendError } from './storage-error.js';

export interface IncomingFile {
  body: AsyncIterable<Buffer> | NodeJS.ReadableStream;
  mimeType: string;
  cacheControl: string;
  /** The length the client announced, when it did (a raw body's Content-Length). */
  announced?: number;
  /** Reads and drops what is left of the request (the form after its file). */
  finish(): Promise<void>;
}

/** The size limit of an upload to a bucket with `bucketLimit` (null: none of its own). */
export function uploadLimit(globalLimit: number, bucketLimit: number | null | undefined): number {
  return typeof bucketLimit === 'number' ? Math.min(bucketLimit, globalLimit) : globalLimit;
}

/** The file a request uploads; a form without one is storage-api's "Unexpected empty file received". */
export async function incomingFile(request: FastifyRequest): Promise<IncomingFile> {
  const contentType = request.headers['content-type'];
  if (contentType?.startsWith('multipart/form-data')) {
    const boundary = multipartBoundary(contentType);
    const form = boundary ? await readFormFile(request.raw as AsyncIterable<Buffer>, boundary).catch(() => undefined) : undefined;
    if (!form) throw backendError('empty_file', 400, 'Unexpected empty file received');
    const cacheTime = form.fields.cacheControl;
    return { body: form.body, mimeType: form.fields.contentType || form.mimeType, cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache', finish: form.drain };
  }
  const length = request.headers['content-length'];
  return {
    body: request.raw,
    mimeType: contentType || 'application/octet-stream',
    cacheControl: request.headers['cache-control'] ?? 'no-cache',
    announced: length === undefined ? undefined : Number(length),
    finish: async () => {
      request.raw.resume();
    },
  };
}
