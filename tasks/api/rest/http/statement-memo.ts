/**
 * The statements of requests without a body, remembered per schema cache. A GET or HEAD (a read,
 * or a call with its arguments in the query string) is planned from its path, query string,
 * profile, Prefer, Accept and Range alone, against a cache that never changes once loaded, so a
 * client repeating one (every page of an app does) parses the grammar and builds the SQL once; a
 * reload brings a new cache and so an empty memo. Only what succeeded is kept: a request that is
 * refused is planned, and refused, again. Bounded: the oldest entry makes room.
 */
import type { ParsedQuery } from '../query-ast.js';
import type { Statement } from '../rest-request.js';
import type { SchemaCache } from '../schema-types.js';
import type { TopLevelRange } from './range.js';
import { setBounded } from '../../../bounded-map.js';

/** What a bodiless request's planning produced, none of it changed by the handler afterwards. */
export interface PlannedRead {
  query: ParsedQuery;
  range: TopLevelRange;
  statement: Statement;
}

/** Enough for the distinct reads of an application, small beside the cache itself. */
const MEMO_MAX = 500;

const memos = new WeakMap<SchemaCache, Map<string, PlannedRead>>();

/**
 * The key of a bodiless request: every input its plan depends on. A newline cannot occur in a
 * request line or a header value (node's parser refuses them), so it separates them unambiguously.
 */
export function plannedReadKey(parts: readonly string[]): string {
  return parts.join('\n');
}

/** The plan remembered for `key` under `cache`, if any. */
export function rememberedRead(cache: SchemaCache, key: string): PlannedRead | undefined {
  return memos.get(cache)?.get(key);
}

/** Remembers a plan that succeeded under `cache`. */
export function rememberRead(cache: SchemaCache, key: string, planned: PlannedRead): void {
  let memo = memos.get(cache);
  if (!memo) memos.set(cache, (memo = new Map()));
  // Frozen, so that nothing changes it under the text runRequestTransaction inlines from it once.
  Object.freeze(planned.statement.values);
  setBounded(memo, key, { ...planned, statement: Object.freeze(planned.statement) }, MEMO_MAX);
}
