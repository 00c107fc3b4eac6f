/**
 * Signed URLs as storage-api v0.46.4 makes and honours them. Signing (`POST /object/sign/...`, one
 * or many) needs the right to see the object; the token is a JWT signed with the project's secret
 * whose `url` claim is `<bucket>/<name>`, valid `expiresIn` seconds. Reading one
 * (`GET /object/sign/...?token=`) needs no key: a forged, expired or other object's token is
 * storage-api's 400, a good one serves the object with Expires at the token's expiry. Signed with
 * a `transform` (and transformations on), the URL is a `/render/image/sign/` one (render-routes.ts)
 * whose token carries the transformation. A signed
 * upload URL (`POST /object/upload/sign/...`, two hours) may be made only for an object that does
 * not exist yet and that the request may create; uploading to it (`PUT`) creates it as the service
 * role, owned by whoever asked for the URL.
 */
import { renderObject } from './object-render.js';
import { findObject, findObjectNames } from './object-store.js';
import { findObjectAs } from './object-routes.js';
import { canUpload, uploadObject } from './object-upload.js';
import { backendError } from './storage-error.js';
import { transformationSegments, transformOptionsFromBody } from './image-transform.js';
import { signToken } from './storage-jwt.js';
import { mustBeValidBucketName } from './storage-limits.js';
import { badRequest, jsonBody, numberMember, pathParams, queryParams, requireMembers, scopeOf, userOf } from './storage-request.js';
import type { StorageRoute } from './storage-route.js';
import { inTransaction } from './storage-transaction.js';
import { verifiedUrlToken } from './url-token.js';

/** storage-api's UPLOAD_SIGNED_URL_EXPIRATION_TIME default: two hours. */
const UPLOAD_URL_SECONDS = 7200;

/** The `expiresIn` of a signing request. */
function expiresIn(body: Record<string, unknown>): number {
  requireMembers(body, 'expiresIn');
  const seconds = numberMember(body, 'expiresIn')!;
  if (!Number.isInteger(seconds) || seconds < 1) throw badRequest('body/expiresIn must be >= 1');
  return seconds;
}

export const SIGNED_URL_ROUTES: readonly StorageRoute[] = [
  {
    method: 'POST',
    url: '/object/sign/:bucketName/*',
    async handler(context, request) {
      const body = await jsonBody(request);
      const seconds = expiresIn(body);
      const user = await userOf(request, context);
      const { bucket, name } = pathParams(request);
      const transform = transformOptionsFromBody(body.transform);
      await findObjectAs(context, request, user, bucket, name);
      const url = `${bucket}/${name}`;
      const claims: Record<string, unknown> = { url };
      // With transformations on, the URL renders the image: the claim keeps what was asked (storage-api's signObjectUrl).
      if (context.settings.imageTransformation !== false) {
        const transformations = transformationSegments(transform, true).join(',');
        if (transformations) claims.transformations = transformations;
        if (transform.format) claims.format = transform.format;
      }
      const token = await signToken(claims, context.secret, seconds);
      return { signedURL: `/${claims.transformations ? 'render/image' : 'object'}/sign/${url}?token=${token}` };
    },
  },
  {
    method: 'POST',
    url: '/object/sign/:bucketName',
    async handler(context, request) {
      const body = await jsonBody(request);
      const seconds = expiresIn(body);
      requireMembers(body, 'paths');
      const paths = body.paths;
      if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) throw badRequest('body/paths must be array');
      if (paths.length === 0) throw badRequest('body/paths must NOT have fewer than 1 items');
      const user = await userOf(request, context);
      const { bucket } = pathParams(request);
      mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
      const visible = await inTransaction(context.pool, user, scopeOf(request), (tx) => findObjectNames(tx, bucket, paths as string[]));
      return Promise.all(
        (paths as string[]).map(async (path) => {
          if (!visible.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
          const url = `${bucket}/${path}`;
          return { error: null, path, signedURL: `/object/sign/${url}?token=${await signToken({ url }, context.secret, seconds)}` };
        }),
      );
    },
  },
  {
    method: 'GET',
    url: '/object/sign/:bucketName/*',
    async handler(context, request, reply) {
      const { url, exp } = await verifiedUrlToken(context, request);
      const [bucket, ...parts] = url.split('/');
      const row = await findObjectAs(context, request, context.superUser, bucket, parts.join('/'));
      return renderObject(context, request, reply, row, { download: queryParams(request).download, expires: new Date(exp * 1000) });
    },
  },
  {
    method: 'POST',
    url: '/object/upload/sign/:bucketName/*',
    async handler(context, request) {
      const user = await userOf(request, context);
      const { bucket, name } = pathParams(request);
      mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
      const scope = scopeOf(request);
      const found = await inTransaction(context.pool, context.superUser, scope, (tx) => findObject(tx, bucket, name, { allowMissing: true }));
      if (found) throw backendError('Duplicate', 409, 'The resource already exists');
      await canUpload(context, scope, user, bucket, name, user.owner, false);
      const url = `${bucket}/${name}`;
      const claims: Record<string, unknown> = { url };
      if (user.owner !== undefined) claims.owner = user.owner;
      const token = await signToken(claims, context.secret, UPLOAD_URL_SECONDS);
      return { url: `/object/upload/sign/${url}?token=${token}` };
    },
  },
  {
    method: 'PUT',
    url: '/object/upload/sign/:bucketName/*',
    async handler(context, request) {
      const { owner, exp } = await verifiedUrlToken(context, request);
      if (exp * 1000 < Date.now()) throw backendError('ExpiredSignature', 400, 'The signature has expired');
      const { bucket, name } = pathParams(request);
      mustBeValidBucketName(bucket, 'The bucketId name contains invalid characters');
      await uploadObject(context, request, scopeOf(request), { bucket, name, user: context.superUser, owner, upsert: false, overriding: false });
      return { Key: `${bucket}/${name}` };
    },
  },
];
