/**
 * storage-api v0.46.4's image routes (`/render/image`): an object transformed on the way out, as
 * an authenticated download (the request's role must see the object), from a public bucket (as
 * the service role, the bucket checked public) or through a signed URL whose `transformations`
 * claim says what to do. The answer is its renderer's: the transformed bytes with the original's
 * ETag and Cache-Control (or Expires for a signed URL), X-Transformations naming what was done,
 * Content-Disposition for `download=`. With `[storage.image_transformation] enabled = false`
 * storage-api registers none of them, so they are unknown routes (storage-service.ts skips them).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findBucket } from './bucket-store.js';
import { transformImage, transformationSegments, transformOptionsFromQuery, transformOptionsFromString, type TransformOptions } from './image-transform.js';
import type { ObjectRow } from './object-store.js';
import { findObjectAs } from './object-routes.js';
import type { StorageContext } from './storage-context.js';
import { queryParams, pathParams, scopeOf, userOf } from './storage-request.js';
import type { StorageRoute } from './storage-route.js';
import { inTransaction } from './storage-transaction.js';
import { verifiedUrlToken } from './url-token.js';

interface ImageRenderOptions {
  download?: string;
  /** A signed URL's expiry, sent as Expires instead of Cache-Control. */
  expires?: Date;
}

/** Sends `row`'s content transformed by `options` (storage-api's Renderer.render with its ImageRenderer). */
async function renderImage(context: StorageContext, request: FastifyRequest, reply: FastifyReply, row: ObjectRow, options: TransformOptions, render: ImageRenderOptions): Promise<FastifyReply> {
  const version = row.version ?? '';
  const file = await context.files.stat(row.bucket_id, row.name, version);
  if (!file) return reply.code(400).header('cache-control', 'no-store').send({ error: 'Not found', message: 'The resource was not found', statusCode: '404' });
  const image = await transformImage(context.files.file(row.bucket_id, row.name, version), options);
  const eTag = row.metadata?.eTag ?? '';
  void reply.code(200).header('Accept-Ranges', 'bytes').header('Content-Type', image.mimetype).header('ETag', eTag).header('Content-Length', String(image.body.length));
  if (render.expires) {
    void reply.header('Expires', render.expires.toUTCString());
  } else {
    const cacheControl = [row.metadata?.cacheControl ?? 'no-cache'];
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch !== eTag) cacheControl.push('stale-while-revalidate=30');
    void reply.header('Cache-Control', cacheControl.join(', '));
  }
  const segments = transformationSegments(options);
  if (segments.length > 0) void reply.header('X-Transformations', segments.join(','));
  if (render.download !== undefined) {
    const encoded = encodeURIComponent(render.download);
    void reply.header('Content-Disposition', render.download === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`);
  }
  return reply.send(image.body);
}

export const RENDER_ROUTES: readonly StorageRoute[] = [
  {
    method: 'GET',
    url: '/render/image/authenticated/:bucketName/*',
    enabled: (settings) => settings.imageTransformation !== false,
    async handler(context, request, reply) {
      const query = queryParams(request);
      const options = transformOptionsFromQuery(query);
      const user = await userOf(request, context);
      const { bucket, name } = pathParams(request);
      const row = await findObjectAs(context, request, user, bucket, name);
      return renderImage(context, request, reply, row, options, { download: query.download });
    },
  },
  {
    method: 'GET',
    url: '/render/image/public/:bucketName/*',
    enabled: (settings) => settings.imageTransformation !== false,
    async handler(context, request, reply) {
      const query = queryParams(request);
      const options = transformOptionsFromQuery(query);
      const { bucket, name } = pathParams(request);
      const [, row] = await Promise.all([
        inTransaction(context.pool, context.superUser, scopeOf(request), (tx) => findBucket(tx, bucket, { isPublic: true })),
        findObjectAs(context, request, context.superUser, bucket, name),
      ]);
      return renderImage(context, request, reply, row, options, { download: query.download });
    },
  },
  {
    method: 'GET',
    url: '/render/image/sign/:bucketName/*',
    enabled: (settings) => settings.imageTransformation !== false,
    async handler(context, request, reply) {
      const { url, exp, claims } = await verifiedUrlToken(context, request);
      const [bucket, ...parts] = url.split('/');
      const row = await findObjectAs(context, request, context.superUser, bucket, parts.join('/'));
      const transformations = typeof claims.transformations === 'string' ? claims.transformations : '';
      return renderImage(context, request, reply, row, transformOptionsFromString(transformations), { download: queryParams(request).download, expires: new Date(exp * 1000) });
    },
  },
];
