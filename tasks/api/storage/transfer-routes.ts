/**
 * Moving and copying an object within a bucket, as storage-api v0.46.4 does (`/object/move`,
 * `/object/copy`). A move first tests, and rolls back, that the request may see and update the
 * source and that the destination can be created; then the file is copied to the new name's new
 * version, and the new row and the old row's deletion commit together as the service role, the
 * new object keeping the source's owner. A copy needs the right to read the source and to create
 * the destination, and the copy's row is written as the request's role, owned by its user.
 */
import { randomUUID } from 'node:crypto';
import { canUpload } from './object-upload.js';
import { deleteObjectRow, findObject, insertObject, updateObject } from './object-store.js';
import { findObjectAs } from './object-routes.js';
import type { StorageContext } from './storage-context.js';
import { mustBeValidKey } from './storage-limits.js';
import { jsonBody, requireMembers, scopeOf, stringMember, userOf } from './storage-request.js';
import { messageResponse, type StorageRoute } from './storage-route.js';
import { inTransaction, testPermission } from './storage-transaction.js';
import type { FastifyRequest } from 'fastify';

/** The three members both routes take. */
async function transferBody(request: FastifyRequest): Promise<{ bucketId: string; sourceKey: string; destinationKey: string }> {
  const body = await jsonBody(request);
  requireMembers(body, 'bucketId', 'sourceKey', 'destinationKey');
  return { bucketId: stringMember(body, 'bucketId')!, sourceKey: stringMember(body, 'sourceKey')!, destinationKey: stringMember(body, 'destinationKey')! };
}

/** Copies a file to a new version, returning what to record; the copy is removed if `record` fails. */
async function withCopiedFile<T>(context: StorageContext, bucket: string, source: { name: string; version: string | null }, destination: string, record: (version: string) => Promise<T>): Promise<T> {
  const version = randomUUID();
  await context.files.copy(bucket, source.name, source.version ?? '', destination, version);
  try {
    return await record(version);
  } catch (error) {
    await context.files.remove(bucket, destination, version).catch(() => undefined);
    throw error;
  }
}

export const TRANSFER_ROUTES: readonly StorageRoute[] = [
  {
    method: 'POST',
    url: '/object/move',
    async handler(context, request) {
      const { bucketId, sourceKey, destinationKey } = await transferBody(request);
      const user = await userOf(request, context);
      mustBeValidKey(destinationKey, 'The destination object name contains invalid characters');
      if (sourceKey === destinationKey) return messageResponse('Successfully moved');
      const scope = scopeOf(request);
      await testPermission(context.pool, user, scope, async (tx) => {
        await findObject(tx, bucketId, sourceKey);
        await updateObject(tx, bucketId, sourceKey, { name: sourceKey, version: '1', owner: user.owner });
        await tx.become(context.superUser);
        await insertObject(tx, { bucket_id: bucketId, name: destinationKey, version: randomUUID(), owner: user.owner });
      });
      const source = await inTransaction(context.pool, context.superUser, scope, (tx) => findObject(tx, bucketId, sourceKey));
      await withCopiedFile(context, bucketId, source, destinationKey, (version) =>
        inTransaction(context.pool, context.superUser, scope, async (tx) => {
          await insertObject(tx, { bucket_id: bucketId, name: destinationKey, version, owner: source.owner_id ?? undefined, metadata: source.metadata ?? undefined });
          await deleteObjectRow(tx, bucketId, sourceKey, source.version ?? undefined);
        }),
      );
      await context.files.remove(bucketId, sourceKey, source.version ?? '');
      return messageResponse('Successfully moved');
    },
  },
  {
    method: 'POST',
    url: '/object/copy',
    async handler(context, request, reply) {
      const { bucketId, sourceKey, destinationKey } = await transferBody(request);
      const user = await userOf(request, context);
      mustBeValidKey(destinationKey, 'The destination object name contains invalid characters');
      const key = `${bucketId}/${destinationKey}`;
      if (sourceKey === destinationKey) return reply.code(200).send({ Key: key });
      const scope = scopeOf(request);
      const source = await findObjectAs(context, request, user, bucketId, sourceKey);
      await canUpload(context, scope, user, bucketId, destinationKey, user.owner, false);
      await withCopiedFile(context, bucketId, source, destinationKey, (version) =>
        inTransaction(context.pool, user, scope, (tx) => insertObject(tx, { bucket_id: bucketId, name: destinationKey, version, owner: user.owner, metadata: source.metadata ?? undefined })),
      );
      return { Key: key };
    },
  },
];
