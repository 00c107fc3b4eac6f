/**
 * The object routes of storage-api v0.46.4 (`/object`) that read, write, list and delete one
 * bucket's objects: upload by POST (new, or replacing with `x-upsert: true`) and PUT (replacing),
 * download (authenticated, the older path without `authenticated/`, and public for public
 * buckets), info (HEAD and the `info/` GETs), list through storage.search, and delete one or
 * many. Authenticated routes run as the request's role; public ones as the service role, as
 * storage-api does. Moves, copies and signed URLs are in their own files.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findBucket } from './bucket-store.js';
import { renderObject, type RenderOptions } from './object-render.js';
import { deleteObjectRow, deleteObjectRows, findObject, objectJson, searchObjects, type ObjectRow } from './object-store.js';
import { uploadObject } from './object-upload.js';
import type { StorageContext } from './storage-context.js';
import { backendError } from './storage-error.js';
import type { StorageUser } from './storage-jwt.js';
import { mustBeValidBucketName, mustBeValidKey } from './storage-limits.js';
import { badRequest, jsonBody, numberMember, pathParams, queryParams, requireMembers, scopeOf, stringMember, userOf } from './storage-request.js';
import { messageResponse, type StorageRoute } from './storage-route.js';
import { inTransaction } from './storage-transaction.js';

/** storage-api's `from(bucket).findObject(name)`: both names checked, then the row as `user` sees it. */
export async function findObjectAs(context: StorageContext, request: FastifyRequest, user: StorageUser, bucket: string, name: string): Promise<ObjectRow> {
  mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
  mustBeValidKey(name, 'The object name contains invalid characters');
  return inTransaction(context.pool, user, scopeOf(request), (tx) => findObject(tx, bucket, name));
}

async function upload(context: StorageContext, request: FastifyRequest, overriding: boolean) {
  const { bucket, name } = pathParams(request);
  const user = await userOf(request, context);
  mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
  const row = await uploadObject(context, request, scopeOf(request), { bucket, name, user, owner: user.owner, upsert: request.headers['x-upsert'] === 'true', overriding });
  return { Id: row.id, Key: `${bucket}/${name}` };
}

async function download(context: StorageContext, request: FastifyRequest, reply: FastifyReply) {
  const { bucket, name } = pathParams(request);
  const user = await userOf(request, context);
  const row = await findObjectAs(context, request, user, bucket, name);
  return renderObject(context, request, reply, row, { download: queryParams(request).download });
}

async function info(context: StorageContext, request: FastifyRequest, reply: FastifyReply, publicRoute: boolean) {
  const { bucket, name } = pathParams(request);
  const user = publicRoute ? context.superUser : await userOf(request, context);
  const row = await findObjectAs(context, request, user, bucket, name);
  const options: RenderOptions = { headOnly: true };
  return renderObject(context, request, reply, row, options);
}

export const OBJECT_ROUTES: readonly StorageRoute[] = [
  { method: 'POST', url: '/object/:bucketName/*', handler: (context, request) => upload(context, request, false) },
  { method: 'PUT', url: '/object/:bucketName/*', handler: (context, request) => upload(context, request, true) },
  { method: 'GET', url: '/object/authenticated/:bucketName/*', handler: download },
  { method: 'GET', url: '/object/:bucketName/*', handler: download },
  {
    method: 'GET',
    url: '/object/public/:bucketName/*',
    async handler(context, request, reply) {
      const { bucket, name } = pathParams(request);
      const scope = scopeOf(request);
      const [, row] = await Promise.all([
        inTransaction(context.pool, context.superUser, scope, (tx) => findBucket(tx, bucket, { isPublic: true })),
        findObjectAs(context, request, context.superUser, bucket, name),
      ]);
      return renderObject(context, request, reply, row, { download: queryParams(request).download });
    },
  },
  { method: 'HEAD', url: '/object/public/:bucketName/*', handler: (context, request, reply) => info(context, request, reply, true) },
  { method: 'GET', url: '/object/info/public/:bucketName/*', handler: (context, request, reply) => info(context, request, reply, true) },
  { method: 'HEAD', url: '/object/authenticated/:bucketName/*', handler: (context, request, reply) => info(context, request, reply, false) },
  { method: 'GET', url: '/object/info/authenticated/:bucketName/*', handler: (context, request, reply) => info(context, request, reply, false) },
  { method: 'GET', url: '/object/info/:bucketName/*', handler: (context, request, reply) => info(context, request, reply, false) },
  { method: 'HEAD', url: '/object/:bucketName/*', handler: (context, request, reply) => info(context, request, reply, false) },
  {
    method: 'POST',
    url: '/object/list/:bucketName',
    async handler(context, request) {
      const body = await jsonBody(request);
      requireMembers(body, 'prefix');
      let prefix = stringMember(body, 'prefix')!;
      const sortBy = body.sortBy as { column?: unknown; order?: unknown } | undefined;
      if (sortBy !== undefined && (typeof sortBy !== 'object' || sortBy === null || typeof sortBy.column !== 'string')) throw badRequest("body/sortBy must have required property 'column'");
      if (sortBy && !['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sortBy.column as string)) throw badRequest('body/sortBy/column must be equal to one of the allowed values');
      if (sortBy?.order !== undefined && !['asc', 'desc'].includes(sortBy.order as string)) throw badRequest('body/sortBy/order must be equal to one of the allowed values');
      const options = { limit: numberMember(body, 'limit'), offset: numberMember(body, 'offset'), search: stringMember(body, 'search'), sortBy: sortBy as { column?: string; order?: string } | undefined };
      const user = await userOf(request, context);
      const { bucket } = pathParams(request);
      mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
      // A prefix is a folder: storage-api adds the slash a client leaves off.
      if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
      return inTransaction(context.pool, user, scopeOf(request), (tx) => searchObjects(tx, bucket, prefix, options));
    },
  },
  {
    method: 'DELETE',
    url: '/object/:bucketName/*',
    async handler(context, request) {
      const { bucket, name } = pathParams(request);
      const user = await userOf(request, context);
      mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
      const row = await inTransaction(context.pool, context.superUser, scopeOf(request), async (tx) => {
        await findObject(tx, bucket, name, { forUpdate: true });
        await tx.become(user);
        const deleted = await deleteObjectRow(tx, bucket, name);
        if (!deleted) throw backendError('not_found', 404, 'Object Not Found');
        return deleted;
      });
      await context.files.remove(bucket, name, row.version ?? '');
      return messageResponse('Successfully deleted');
    },
  },
  {
    method: 'DELETE',
    url: '/object/:bucketName',
    async handler(context, request) {
      const body = await jsonBody(request);
      requireMembers(body, 'prefixes');
      const prefixes = body.prefixes;
      if (!Array.isArray(prefixes) || prefixes.some((prefix) => typeof prefix !== 'string')) throw badRequest('body/prefixes must be array');
      if (prefixes.length === 0) throw badRequest('body/prefixes must NOT have fewer than 1 items');
      const user = await userOf(request, context);
      const { bucket } = pathParams(request);
      mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
      const rows = await inTransaction(context.pool, user, scopeOf(request), (tx) => deleteObjectRows(tx, bucket, prefixes as string[]));
      await Promise.all(rows.map((row) => context.files.remove(bucket, row.name, row.version ?? '')));
      return rows.map((row) => objectJson(row as unknown as Record<string, unknown>));
    },
  },
];
