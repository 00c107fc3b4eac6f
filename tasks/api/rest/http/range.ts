/**
 * Which rows a request answers, as PostgREST v12.0.1 works it out (its RangeQuery.hs): the Range
 * header (`0-9`, `10-`; GET only, as RFC 9110 says) meets the top-level `limit`/`offset`; an empty
 * meeting is 416 PGRST103, except `limit=0`, which asks for no rows on purpose. The response
 * says which rows it holds in Content-Range (`0-9/*`, `*\/0`, `0-9/100` with a count), and
 * answers 206 when a count shows rows left out, 416 when the offset is past the count.
 */
import { restError } from '../../common/api-error.js';
import type { ParsedQuery } from '../query-ast.js';

/** Rows from `lower` to `upper` (inclusive; undefined: no end). */
interface Bounds {
  lower: number;
  upper?: number;
}

export interface TopLevelRange {
  offset: number;
  limit?: number;
}

const ALL: Bounds = { lower: 0 };

function headerBounds(header: string | undefined): Bounds {
  const match = /^([0-9]+)-([0-9]*)$/.exec(header?.trim() ?? '');
  if (!match) return ALL;
  return { lower: Number(match[1]), upper: match[2] === '' ? undefined : Number(match[2]) };
}

function intersect(a: Bounds, b: Bounds): Bounds {
  const upper = a.upper === undefined ? b.upper : b.upper === undefined ? a.upper : Math.min(a.upper, b.upper);
  return { lower: Math.max(a.lower, b.lower), upper };
}

const isEmpty = (bounds: Bounds): boolean => bounds.upper !== undefined && bounds.upper < bounds.lower;

/**
 * The request's top-level range; throws PGRST103 for an unsatisfiable one, PGRST109 for a limited
 * PATCH or DELETE without an order, PGRST114 for a limited PUT.
 */
export function requestRange(method: string, rangeHeader: string | undefined, query: ParsedQuery): TopLevelRange {
  const top = query.read.ranges.find((range) => range.path.length === 0);
  const offset = top?.offset ?? 0;
  const limitBounds: Bounds = top ? { lower: offset, upper: top.limit === undefined ? undefined : offset + top.limit - 1 } : ALL;
  const fromHeader = method === 'GET' ? headerBounds(rangeHeader) : ALL;
  const bounds = intersect(fromHeader, limitBounds);
  const limitZero = top?.limit === 0;
  if (isEmpty(bounds) && !limitZero) {
    const details = isEmpty(fromHeader) ? 'The lower boundary must be lower than or equal to the upper boundary in the Range header.' : 'Limit should be greater than or equal to zero.';
    throw restError(416, 'PGRST103', 'Requested range not satisfiable', details);
  }
  const limited = query.read.ranges.some((range) => range.limit !== undefined || range.offset !== undefined);
  if ((method === 'PATCH' || method === 'DELETE') && limited && query.read.order.length === 0) {
    throw restError(400, 'PGRST109', "A 'limit' was applied without an explicit 'order'", null, "Apply an 'order' using unique column(s)");
  }
  if (method === 'PUT' && (bounds.lower !== 0 || bounds.upper !== undefined)) {
    throw restError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  }
  if (limitZero) return { offset: 0, limit: 0 };
  return bounds.upper === undefined ? { offset: bounds.lower } : { offset: bounds.lower, limit: bounds.upper - bounds.lower + 1 };
}

/** A Content-Range value: `lower-upper/total`, `*` for no rows, `*` for an unknown total. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const rows = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${rows}/${total === null ? '*' : total}`;
}

/** A read's status and Content-Range from its offset, the rows it holds and the count (null: not counted). */
export function readRangeStatus(offset: number, pageTotal: number, total: number | null): { status: number; contentRange: string } {
  const upper = offset + pageTotal - 1;
  let status = 200;
  if (total !== null) {
    if (offset > total) status = 416;
    else if (upper - offset + 1 < total) status = 206;
  }
  return { status, contentRange: contentRange(offset, upper, total) };
}
