/**
 * The token of a signed URL as storage-api v0.46.4 reads it, for objects and transformed images
 * alike: a JWT signed with the project's secret whose `url` claim must be the path it is used on
 * (`<bucket>/<name>`). A missing, forged or expired token, or one signed for another object, is
 * storage-api's 400 in its words.
 */
import type { FastifyRequest } from 'fastify';
import type { StorageContext } from './storage-context.js';
import { backendError } from './storage-error.js';
import { verifyToken } from './storage-jwt.js';
import { badRequest, pathParams, queryParams } from './storage-request.js';

export interface UrlToken {
  url: string;
  exp: number;
  owner?: string;
  /** Every claim, for what a route reads besides these (a render's `transformations`). */
  claims: Record<string, unknown>;
}

/** The request's `token` verified against the path it came on. */
export async function verifiedUrlToken(context: StorageContext, request: FastifyRequest): Promise<UrlToken> {
  const token = queryParams(request).token;
  if (token === undefined) throw badRequest("querystring must have required property 'token'");
  let claims: Record<string, unknown>;
  try {
    claims = await verifyToken(token, context.secret);
  } catch (error) {
    throw backendError('Invalid JWT', 400, (error as Error).message);
  }
  const { bucket, name } = pathParams(request);
  if (claims.url !== `${bucket}/${name}`) throw backendError('InvalidSignature', 400, 'The url do not match the signature');
  return { url: claims.url as string, exp: Number(claims.exp), owner: typeof claims.owner === 'string' ? claims.owner : undefined, claims };
}
