/**
 * The pieces of a Storage request its handlers read: the bucket and object name from the path
 * (fastify decodes them), the JSON body of the routes that take one (read here, since the service
 * leaves bodies unread for uploads to stream), the user its token names and the scope its
 * transactions carry. A body that is not the JSON a route needs is storage-api's 400, naming what.
 */
import type { FastifyRequest } from 'fastify';
import { StorageError } from './storage-error.js';
import type { StorageContext } from './storage-context.js';
import { requestUser, type StorageUser } from './storage-jwt.js';
import type { RequestScope } from './storage-transaction.js';

/** JSON bodies of the metadata routes are small; one larger is refused rather than buffered. */
const JSON_LIMIT = 1024 * 1024;

/** A fastify validation error as storage-api's handler renders it. */
export function badRequest(message: string): StorageError {
  return new StorageError(400, 'Bad Request', message, 400);
}

/** `:bucketName` (or another named parameter) and the wildcard rest of the path. */
export function pathParams(request: FastifyRequest): { bucket: string; name: string; [key: string]: string } {
  const params = request.params as Record<string, string>;
  return { ...params, bucket: params.bucketName ?? params.bucketId ?? '', name: params['*'] ?? '' };
}

/** The request's query parameters. */
export function queryParams(request: FastifyRequest): Record<string, string | undefined> {
  return request.query as Record<string, string | undefined>;
}

/** Reads the body as a JSON object; an empty body is `{}` (a route's required members then name what is missing). */
export async function jsonBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > JSON_LIMIT) throw new StorageError(413, 'Payload Too Large', 'Request body is too large', 413);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('body must be object');
  return value as Record<string, unknown>;
}

/** Refuses a body that lacks one of `names`, as fastify's schema check words it. */
export function requireMembers(body: Record<string, unknown>, ...names: string[]): void {
  for (const name of names) if (body[name] === undefined) throw badRequest(`body must have required property '${name}'`);
}

/** A member that must be a string when given. */
export function stringMember(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`body/${name} must be string`);
  return value;
}

/** A member that must be a number when given. */
export function numberMember(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`body/${name} must be number`);
  return value;
}

/** A member that must be an array of strings when given (`null` kept where a route allows it). */
export function stringArrayMember(body: Record<string, unknown>, name: string): string[] | null | undefined {
  const value = body[name];
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw badRequest(`body/${name} must be array of strings`);
  return value as string[];
}

/** The user an authenticated route acts as (its token verified). */
export function userOf(request: FastifyRequest, context: StorageContext): Promise<StorageUser> {
  return requestUser(request.headers.authorization, context.secret);
}

/** What the request's transactions set besides its role: its headers, method and path. */
export function scopeOf(request: FastifyRequest): RequestScope {
  return { method: request.method, path: (request.raw.url ?? '').split('?')[0], headers: { ...request.headers } };
}
