/**
 * Content negotiation as PostgREST v12.0.1 does it: the Accept header's media types ordered by
 * their `q`, the first one the endpoint produces wins; none is 406 PGRST107 naming what was asked.
 * Tables, views and functions produce JSON, the singular object (`vnd.pgrst.object+json`), CSV,
 * and with `;nulls=stripped` the object or array without null members; the root produces the
 * OpenAPI document.
 */
import { restError } from '../../common/api-error.js';
import type { ResponseMedia } from '../rest-request.js';

export interface NegotiatedMedia {
  media: ResponseMedia;
  /** `nulls=stripped`: members whose value is null are left out of each object. */
  stripNulls: boolean;
}

interface Accepted {
  /** As PostgREST names it in PGRST107 (type, with `;nulls=stripped` when given). */
  mime: string;
  q: number;
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

/**
 * A plan media type (`explain()` of supabase-js) as PostgREST names it: the plan's format, the
 * media it is for (JSON unless `for` says otherwise) and its known options. Plans are never
 * produced here (db-plan-enabled is off, as on a new hosted project), so this is only ever read in
 * a PGRST107, where a reader needs to see which plan was asked for.
 */
function planMime(base: string, params: Map<string, string>): string {
  const format = base.endsWith('+json') ? 'json' : 'text';
  const target = (params.get('for') ?? '').replace(/^"|"$/g, '') || 'application/json';
  const options = (params.get('options') ?? '').split('|').filter((option) => PLAN_OPTIONS.has(option));
  return `application/vnd.pgrst.plan+${format}; for="${target}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`;
}

/** The Accept header's entries, best first (a missing header is `*\/*`). */
export function acceptedTypes(header: string | undefined): Accepted[] {
  if (header === undefined || header.trim() === '') return [{ mime: '*/*', q: 1 }];
  const entries = header.split(',').map((entry, index) => {
    const [type, ...params] = entry.split(';').map((part) => part.trim());
    const values = new Map<string, string>();
    for (const param of params) {
      const [key, value = ''] = param.split('=').map((part) => part.trim().toLowerCase());
      values.set(key, value);
    }
    const q = values.has('q') ? Number(values.get('q')) : 1;
    const base = type.toLowerCase();
    const vendor = base === 'application/vnd.pgrst.object+json' || base === 'application/vnd.pgrst.array+json';
    const plan = /^application\/vnd\.pgrst\.plan(\+(text|json))?$/.test(base);
    const mime = plan ? planMime(base, values) : vendor && values.get('nulls') === 'stripped' ? `${base};nulls=stripped` : base;
    return { mime, q: Number.isFinite(q) ? q : 0, index };
  });
  return entries.filter((entry) => entry.mime !== '' && entry.q > 0).sort((a, b) => b.q - a.q || a.index - b.index).map(({ mime, q }) => ({ mime, q }));
}

const RELATION_MEDIA: Record<string, NegotiatedMedia> = {
  'application/json': { media: 'json', stripNulls: false },
  '*/*': { media: 'json', stripNulls: false },
  'application/vnd.pgrst.array+json': { media: 'json', stripNulls: false },
  'application/vnd.pgrst.array+json;nulls=stripped': { media: 'json', stripNulls: true },
  'application/vnd.pgrst.object+json': { media: 'object', stripNulls: false },
  'application/vnd.pgrst.object+json;nulls=stripped': { media: 'object', stripNulls: true },
  'text/csv': { media: 'csv', stripNulls: false },
};

const ROOT_MEDIA: Record<string, NegotiatedMedia> = {
  'application/openapi+json': { media: 'openapi', stripNulls: false },
  'application/json': { media: 'openapi', stripNulls: false },
  '*/*': { media: 'openapi', stripNulls: false },
};

/** The media a response is written in; throws PGRST107 when the endpoint produces none of those asked. */
export function negotiateMedia(accept: string | undefined, root: boolean): NegotiatedMedia {
  const accepted = acceptedTypes(accept);
  const produced = root ? ROOT_MEDIA : RELATION_MEDIA;
  for (const { mime } of accepted) if (Object.hasOwn(produced, mime)) return produced[mime];
  throw restError(406, 'PGRST107', `None of these media types are available: ${accepted.map((entry) => entry.mime).join(', ')}`);
}

/** The Content-Type of a response in `media`, as PostgREST writes it. */
export function contentTypeOf({ media, stripNulls }: NegotiatedMedia): string {
  const strip = stripNulls ? ';nulls=stripped' : '';
  switch (media) {
    case 'object': return `application/vnd.pgrst.object+json${strip}; charset=utf-8`;
    case 'csv': return 'text/csv; charset=utf-8';
    case 'openapi': return 'application/openapi+json; charset=utf-8';
    default: return stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8';
  }
}

/** The object content type PostgREST sends with a PGRST116 error. */
export const OBJECT_CONTENT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
