/**
 * Content negotiation as PostgREST v12.0.1 does it. The Accept header is read as wai-extra's
 * parseHttpAccept reads it (PostgREST's parser): every space removed, entries split on commas,
 * `;q=` and what follows it up to the next `;` taken off as the quality (a value that does not
 * start with a number counts as 1, and q=0 entries stay), then a stable sort by quality and, among
 * equals, by specificity (parameters count for, wildcards against). Each entry is then decoded as
 * PostgREST's MediaType module decodes it, case-sensitively, into the name PGRST107 lists it by
 * (`application/vnd.pgrst.array+json` without `nulls=stripped` is plain JSON; an empty entry is
 * `*\/*`; a plan type is spelled out with its `for` and options). The first entry the endpoint
 * produces wins; none is 406 PGRST107 naming every entry. Tables, views and functions produce
 * JSON, the singular object (`vnd.pgrst.object+json`), CSV, GeoJSON, and with `;nulls=stripped`
 * the object or array without null members; the root produces the OpenAPI document. Execution
 * plans (`vnd.pgrst.plan`) are never produced: the CLI leaves PostgREST's db-plan-enabled off.
 */
import { restError } from '../../common/api-error.js';
import type { ResponseMedia } from '../rest-request.js';

export interface NegotiatedMedia {
  media: ResponseMedia;
  /** `nulls=stripped`: members whose value is null are left out of each object. */
  stripNulls: boolean;
}

/** A quality as Haskell's `reads` finds a Double at the start of the text; 1 when there is none. */
function qualityOf(text: string): number {
  const match = /^\s*-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text);
  return match ? Number(match[0]) : 1;
}

/** The Accept header's entries (raw, before decoding), best first; a missing header is `*\/*`. */
function orderedEntries(header: string): string[] {
  const entries = header.split(',').map((raw, index) => {
    const entry = raw.replaceAll(' ', '');
    const at = entry.indexOf(';q=');
    const type = at < 0 ? entry : entry.slice(0, at);
    const quality = at < 0 ? 1 : qualityOf(entry.slice(at + 3).split(';')[0]!);
    const specificity = type.split(';').length - 1 - (type.split('*').length - 1);
    return { type, quality, specificity, index };
  });
  entries.sort((a, b) => b.quality - a.quality || b.specificity - a.specificity || a.index - b.index);
  return entries.map((entry) => entry.type);
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;

/** An execution plan's media type as PostgREST names it: its format, what it is `for`, its options. */
function planMime(format: 'json' | 'text', params: string[]): string {
  const options = (params.find((param) => param.startsWith('options='))?.slice('options='.length) ?? '').split('|');
  const wanted = PLAN_OPTIONS.filter((option) => options.includes(option));
  const forParam = params.find((param) => param.startsWith('for='))?.slice('for='.length);
  const target = forParam === undefined ? 'application/json' : canonicalMime(forParam.replace(/^"+|"+$/g, ''));
  return `application/vnd.pgrst.plan+${format}; for="${target}"${wanted.length > 0 ? `; options=${wanted.join('|')}` : ''}`;
}

/** One Accept entry (spaces and quality removed) by the name PostgREST gives the type it decodes it to. */
export function canonicalMime(entry: string): string {
  if (entry === '') return '*/*';
  const [type, ...params] = entry.split(';');
  const onlyStripped = params.length === 1 && params[0] === 'nulls=stripped';
  switch (type) {
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
      return planMime('text', params);
    case 'application/vnd.pgrst.plan+json':
      return planMime('json', params);
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return onlyStripped ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return onlyStripped ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json';
    default:
      // Known types and any other alike: named by the type alone, parameters dropped.
      return type!;
  }
}

/** The Accept header's media types, best first, each by its PGRST107 name. */
export function acceptedTypes(header: string | undefined): string[] {
  if (header === undefined) return ['*/*'];
  // An empty header holds no entry at all (wai-extra splits nothing out of it): nothing is acceptable.
  if (header === '') return [];
  return orderedEntries(header).map(canonicalMime);
}

const RELATION_MEDIA: Record<string, NegotiatedMedia> = {
  'application/json': { media: 'json', stripNulls: false },
  '*/*': { media: 'json', stripNulls: false },
  'application/vnd.pgrst.array+json;nulls=stripped': { media: 'json', stripNulls: true },
  'application/vnd.pgrst.object+json': { media: 'object', stripNulls: false },
  'application/vnd.pgrst.object+json;nulls=stripped': { media: 'object', stripNulls: true },
  'text/csv': { media: 'csv', stripNulls: false },
  'application/geo+json': { media: 'geojson', stripNulls: false },
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
  for (const mime of accepted) if (Object.hasOwn(produced, mime)) return produced[mime]!;
  throw restError(406, 'PGRST107', `None of these media types are available: ${accepted.join(', ')}`);
}

/** The Content-Type of a response in `media`, as PostgREST writes it. */
export function contentTypeOf({ media, stripNulls }: NegotiatedMedia): string {
  const strip = stripNulls ? ';nulls=stripped' : '';
  switch (media) {
    case 'object': return `application/vnd.pgrst.object+json${strip}; charset=utf-8`;
    case 'csv': return 'text/csv; charset=utf-8';
    case 'geojson': return 'application/geo+json; charset=utf-8';
    case 'openapi': return 'application/openapi+json; charset=utf-8';
    default: return stripNulls ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8';
  }
}

/** The object content type PostgREST sends with a PGRST116 error. */
export const OBJECT_CONTENT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
