/**
 * The HTTP response of a REST request whose statement ran, as PostgREST v12.0.1's Response.hs
 * writes it for each action: the status (200/201/204/206/416), Content-Range, Location for
 * inserts, Content-Type and Content-Profile, Preference-Applied listing the preferences that kind
 * of response honours, and the body (none for HEAD, for `return=minimal` and `headers-only`, and
 * for a void function), then whatever the SQL set in response.status and response.headers.
 */
import type { RestRequest, StatementResult } from '../rest-request.js';
import { gucHeaders, gucStatus } from './guc-overrides.js';
import { contentTypeOf, type NegotiatedMedia } from './media.js';
import { preferenceApplied } from './prefer.js';
import type { Profile } from './profile.js';
import { contentRange, readRangeStatus } from './range.js';

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ResponseFacts {
  media: NegotiatedMedia;
  profile: Profile;
  /** Inserts: the target has a primary key or the request named on_conflict (else resolution is not applied). */
  resolutionApplies: boolean;
  /** Calls: the function returns void (204, no body). */
  returnsVoid: boolean;
}

/** Members with null values left out, at every depth (`nulls=stripped`). */
function stripNulls(body: string): string {
  return JSON.stringify(JSON.parse(body), (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null));
  });
}

const numberOrNull = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

/** The body of a 416 for an offset past the count. */
function outOfBounds(offset: number, total: number | null): string {
  return JSON.stringify({ code: 'PGRST103', details: `An offset of ${offset} was requested, but there are only ${total ?? 0} rows.`, hint: null, message: 'Requested range not satisfiable' });
}

export function restResponse(request: RestRequest, result: StatementResult, facts: ResponseFacts): RestResponse {
  const { preferences } = request;
  const counted = preferences.count !== undefined;
  const pageTotal = Number(result.page_total ?? 0);
  const total = numberOrNull(result.total_result_set);
  const contentHeaders: Record<string, string> = { 'Content-Type': contentTypeOf(facts.media) };
  if (facts.profile.negotiated) contentHeaders['Content-Profile'] = facts.profile.schema;
  let body = result.body ?? '';
  if (facts.media.stripNulls && body !== '') body = stripNulls(body);
  const applied = (names: Array<keyof typeof preferences>): Record<string, string> => {
    const value = preferenceApplied(preferences, names);
    return value === undefined ? {} : { 'Preference-Applied': value };
  };
  const representation = preferences.return === 'representation';

  let status: number;
  let headers: Record<string, string>;
  switch (request.action) {
    case 'read':
    case 'call': {
      const range = readRangeStatus(request.range.offset, pageTotal, total);
      const prefs = request.action === 'read' ? applied(['count', 'tx', 'handling']) : applied(['params', 'count', 'tx', 'handling']);
      headers = { 'Content-Range': range.contentRange, ...prefs };
      if (request.action === 'call' && facts.returnsVoid) {
        status = 204;
        body = '';
      } else {
        status = range.status;
        headers = { ...headers, ...contentHeaders };
        const headOnly = request.action === 'read' ? request.headOnly : request.method === 'HEAD';
        if (status === 416) body = outOfBounds(request.range.offset, total);
        else if (headOnly) body = '';
      }
      break;
    }
    case 'insert': {
      const inserted = numberOrNull(result.response_inserted);
      status = inserted !== null && inserted <= 0 && preferences.resolution === 'merge-duplicates' ? 200 : 201;
      headers = {};
      if (result.location) headers.Location = `/${request.target.name}?${result.location}`;
      headers['Content-Range'] = contentRange(1, 0, counted ? pageTotal : null);
      const names: Array<keyof typeof preferences> = ['missing', 'return', 'count', 'tx', 'handling'];
      if (facts.resolutionApplies) names.unshift('resolution');
      headers = { ...headers, ...applied(names) };
      if (representation) headers = { ...headers, ...contentHeaders };
      else body = '';
      break;
    }
    case 'update':
    case 'delete': {
      const lower = request.action === 'update' ? 0 : 1;
      const upper = request.action === 'update' ? pageTotal - 1 : 0;
      const names: Array<keyof typeof preferences> = request.action === 'update' ? ['missing', 'return', 'count', 'tx', 'handling'] : ['return', 'count', 'tx', 'handling'];
      headers = { 'Content-Range': contentRange(lower, upper, counted ? pageTotal : null), ...applied(names) };
      status = representation ? 200 : 204;
      if (representation) headers = { ...headers, ...contentHeaders };
      else body = '';
      break;
    }
    case 'put': {
      headers = applied(['return', 'count', 'tx', 'handling']);
      status = representation ? (Number(result.response_inserted ?? 0) > 0 ? 201 : 200) : 204;
      if (representation) headers = { ...contentHeaders, ...headers };
      else body = '';
      break;
    }
  }
  return { status: gucStatus(result.response_status, status), headers: gucHeaders(result.response_headers, headers), body };
}
