/**
 * Sending an object's content as storage-api v0.46.4's renderer does (renderer.ts, asset.ts,
 * head.ts): Accept-Ranges, Content-Type (text/html sent as text/plain, so a stored page never runs
 * as the API's origin), ETag, Content-Length, Last-Modified, Cache-Control (the stored one, with
 * `stale-while-revalidate=30` when the client's If-None-Match is stale) or, for a signed URL, an
 * Expires at the token's expiry, and Content-Disposition for `download=`. A `Range` is answered
 * with 206 and Content-Range as its S3 backend does, If-None-Match / If-Modified-Since with 304;
 * a row whose file is missing is its 400 "The resource was not found".
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StorageContext } from './storage-context.js';
import type { ObjectRow } from './object-store.js';

export interface RenderOptions {
  /** `download` query parameter: present (even empty) means an attachment. */
  download?: string;
  /** For a signed URL: the token's expiry, sent as Expires instead of Cache-Control. */
  expires?: Date;
  /** HEAD and the info routes: the headers without the content. */
  headOnly?: boolean;
}

/** A `bytes=` range of a file of `size` bytes: the bytes to send, 'unsatisfiable', or undefined to send all. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  // Several ranges or another unit: S3 sends the whole object, and so do we.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(download: string): string {
  if (download === '') return 'attachment;';
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
}

/** Sends one object: its headers from the row's metadata and the file, its bytes from the file. */
export async function renderObject(context: StorageContext, request: FastifyRequest, reply: FastifyReply, row: ObjectRow, options: RenderOptions = {}): Promise<FastifyReply> {
  const version = row.version ?? '';
  const file = await context.files.stat(row.bucket_id, row.name, version);
  if (!file) {
    return reply.code(400).header('cache-control', 'no-store').send({ error: 'Not found', message: 'The resource was not found', statusCode: '404' });
  }
  const metadata = row.metadata;
  const eTag = metadata?.eTag ?? '';
  const mimetype = metadata?.mimetype ?? 'application/octet-stream';
  const lastModified = file.lastModified;
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  const notModified = ifNoneMatch !== undefined ? ifNoneMatch === eTag : ifModifiedSince !== undefined && Math.floor(lastModified.getTime() / 1000) <= Math.floor(Date.parse(ifModifiedSince) / 1000);
  void reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', mimetype.includes('text/html') ? 'text/plain' : mimetype)
    .header('ETag', eTag)
    .header('Last-Modified', lastModified.toUTCString());
  if (options.expires) {
    void reply.header('Expires', options.expires.toUTCString());
  } else {
    const cacheControl = [metadata?.cacheControl ?? 'no-cache'];
    if (ifNoneMatch !== undefined && ifNoneMatch !== eTag) cacheControl.push(options.headOnly ? 'must-revalidate' : 'stale-while-revalidate=30');
    void reply.header('Cache-Control', cacheControl.join(', '));
  }
  if (options.download !== undefined) void reply.header('Content-Disposition', contentDisposition(options.download));
  if (notModified && !options.headOnly) return reply.code(304).send();
  const range = options.headOnly ? undefined : parseRange(request.headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${file.size}`).type('application/json').send({ statusCode: '416', error: 'InvalidRange', message: 'The requested range is not satisfiable' });
  }
  if (options.headOnly) {
    // A HEAD says how long the content is; the GET info routes send none and say nothing.
    if (request.method === 'HEAD') void reply.header('Content-Length', String(file.size));
    return reply.code(200).send();
  }
  if (range) {
    void reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`).header('Content-Length', String(range.end - range.start + 1));
    return reply.send(context.files.read(row.bucket_id, row.name, version, range));
  }
  void reply.code(200).header('Content-Length', String(file.size));
  return reply.send(context.files.read(row.bucket_id, row.name, version));
}
