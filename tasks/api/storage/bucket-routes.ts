/**
 * The bucket routes of storage-api v0.46.4 (`/bucket`): create, list, get, update, empty and
 * delete, each run as the request's role so the project's policies on storage.buckets decide.
 * Deleting checks emptiness as the service role and refuses a bucket with objects; emptying
 * deletes the objects the request may delete, page by page, and names those it may only see.
 */
import { countObjects, deleteBucketRow, findBucket, insertBucket, listBuckets, updateBucket } from './bucket-store.js';
import { deleteObjectRows, someObjects } from './object-store.js';
import { backendError } from './storage-error.js';
import { bucketSizeLimit, mustBeValidBucketName, validateAllowedMimeTypes } from './storage-limits.js';
import { jsonBody, pathParams, requireMembers, scopeOf, stringArrayMember, stringMember, userOf } from './storage-request.js';
import { messageResponse, type StorageRoute } from './storage-route.js';
import { inTransaction } from './storage-transaction.js';

/** storage-api empties a bucket by pages sized to its URL length limit (7,500 / 39 ids). */
const EMPTY_PAGE = 192;

/** The allowed mime types as given, empty entries dropped (as storage-api filters them), checked. */
function allowedMimeTypes(body: Record<string, unknown>): string[] | null | undefined {
  const types = stringArrayMember(body, 'allowed_mime_types');
  if (!types) return types;
  const kept = types.filter((type) => type);
  validateAllowedMimeTypes(kept);
  return kept;
}

function publicMember(body: Record<string, unknown>): boolean | undefined {
  const value = body.public;
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw backendError('Invalid Input', 400, 'body/public must be boolean');
  return value;
}

export const BUCKET_ROUTES: readonly StorageRoute[] = [
  {
    method: 'POST',
    url: '/bucket',
    async handler(context, request) {
      const body = await jsonBody(request);
      requireMembers(body, 'name');
      const name = stringMember(body, 'name')!;
      const user = await userOf(request, context);
      mustBeValidBucketName(name, 'Bucket name invalid');
      const bucket = {
        id: stringMember(body, 'id') || name,
        name,
        owner: user.owner,
        public: publicMember(body) ?? false,
        file_size_limit: bucketSizeLimit(body.file_size_limit, context.settings.fileSizeLimit),
        allowed_mime_types: allowedMimeTypes(body),
      };
      await inTransaction(context.pool, user, scopeOf(request), (tx) => insertBucket(tx, bucket));
      return { name };
    },
  },
  {
    method: 'GET',
    url: '/bucket',
    async handler(context, request) {
      const user = await userOf(request, context);
      return inTransaction(context.pool, user, scopeOf(request), (tx) => listBuckets(tx));
    },
  },
  {
    method: 'GET',
    url: '/bucket/:bucketId',
    async handler(context, request) {
      const user = await userOf(request, context);
      return inTransaction(context.pool, user, scopeOf(request), (tx) => findBucket(tx, pathParams(request).bucket));
    },
  },
  {
    method: 'PUT',
    url: '/bucket/:bucketId',
    async handler(context, request) {
      const body = await jsonBody(request);
      const user = await userOf(request, context);
      const { bucket } = pathParams(request);
      mustBeValidBucketName(bucket, 'Bucket name invalid');
      const changes = { public: publicMember(body), file_size_limit: bucketSizeLimit(body.file_size_limit, context.settings.fileSizeLimit), allowed_mime_types: allowedMimeTypes(body) };
      await inTransaction(context.pool, user, scopeOf(request), (tx) => updateBucket(tx, bucket, changes));
      return messageResponse('Successfully updated');
    },
  },
  {
    method: 'POST',
    url: '/bucket/:bucketId/empty',
    async handler(context, request) {
      const user = await userOf(request, context);
      const { bucket } = pathParams(request);
      const scope = scopeOf(request);
      await inTransaction(context.pool, user, scope, (tx) => findBucket(tx, bucket));
      for (;;) {
        const deleted = await inTransaction(context.pool, user, scope, async (tx) => {
          const page = await someObjects(tx, bucket, EMPTY_PAGE);
          const rows = page.length > 0 ? await deleteObjectRows(tx, bucket, page.map((row) => row.id), 'id') : [];
          return { page, rows };
        });
        if (deleted.page.length === 0) break;
        await Promise.all(deleted.rows.map((row) => context.files.remove(bucket, row.name, row.version ?? '')));
        if (deleted.rows.length !== deleted.page.length) {
          const gone = new Set(deleted.rows.map((row) => row.name));
          const left = deleted.page.filter((row) => !gone.has(row.name)).map((row) => row.name);
          throw backendError('Cannot delete', 400, `Cannot delete: ${left.join(' ,')}, you may have SELECT but not DELETE permissions`);
        }
      }
      return messageResponse('Successfully emptied');
    },
  },
  {
    method: 'DELETE',
    url: '/bucket/:bucketId',
    async handler(context, request) {
      const user = await userOf(request, context);
      const { bucket } = pathParams(request);
      await inTransaction(context.pool, context.superUser, scopeOf(request), async (tx) => {
        await findBucket(tx, bucket, { forUpdate: true });
        if ((await countObjects(tx, bucket)) > 0) throw backendError('Storage not empty', 400, 'Storage must be empty before you can delete it');
        await tx.become(user);
        if ((await deleteBucketRow(tx, bucket)) === 0) throw backendError('not_found', 404, 'Bucket Not Found');
      });
      return messageResponse('Successfully deleted');
    },
  },
];
