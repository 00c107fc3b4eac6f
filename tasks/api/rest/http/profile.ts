/**
 * Which exposed schema a request targets, as PostgREST v12.0.1 picks it: `Accept-Profile` for
 * GET and HEAD, `Content-Profile` for the writes (POST, PATCH, PUT, DELETE); none given is the
 * first of `[api] schemas`; one not exposed is 406 PGRST106. When several schemas are exposed
 * the choice counts as negotiated and the response names it in Content-Profile.
 */
import { restError } from '../../common/api-error.js';

export interface Profile {
  schema: string;
  /** Answer with a Content-Profile header. */
  negotiated: boolean;
}

export function chooseProfile(method: string, headers: Record<string, string | string[] | undefined>, schemas: string[]): Profile {
  const write = method === 'POST' || method === 'PATCH' || method === 'PUT' || method === 'DELETE';
  const raw = headers[write ? 'content-profile' : 'accept-profile'];
  const asked = Array.isArray(raw) ? raw[0] : raw;
  if (asked === undefined) return { schema: schemas[0], negotiated: schemas.length !== 1 };
  if (!schemas.includes(asked)) throw restError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
  return { schema: asked, negotiated: true };
}
