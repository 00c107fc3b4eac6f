/**
 * One REST request as the HTTP layer (rest/http/) understood it, handed to the SQL builder
 * (rest/sql/) that turns it into the one statement the request runs. PostgREST's Prefer header
 * and media types are decided before this point; names are not yet checked against the cache.
 */
import type { ParsedQuery } from './query-ast.js';
import type { QualifiedName } from './schema-types.js';

export type CountMethod = 'exact' | 'planned' | 'estimated';

/** The Prefer header, as PostgREST v12 reads it. */
export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: CountMethod;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  /** `params=single-object`: the whole body is the function's one json argument. */
  params?: 'single-object';
  tx?: 'commit' | 'rollback';
  handling?: 'lenient' | 'strict';
}

/** What the response body is: a JSON array, one object, CSV text, or the OpenAPI document. */
export type ResponseMedia = 'json' | 'object' | 'csv' | 'geojson' | 'openapi';

/** A JSON request body, checked: one object or an array of objects with the same keys. */
export interface Payload {
  /** The body as sent (JSON text), passed to the statement as one parameter. */
  json: string;
  /** The keys of its objects (or `columns=`), which the statement reads. */
  columns: string[];
  /** Sent as an array (so `return=representation` answers an array even for one row). */
  array: boolean;
}

interface RequestBase {
  /** The relation or function, in the schema the profile headers chose. */
  target: QualifiedName;
  query: ParsedQuery;
  preferences: Preferences;
  media: ResponseMedia;
  /** From `Range` (or limit/offset, which the query holds): rows to skip and at most how many to answer. */
  range: { offset: number; limit?: number };
}

export type RestRequest =
  | (RequestBase & { action: 'read'; headOnly: boolean })
  | (RequestBase & { action: 'insert'; payload: Payload })
  /** PUT: insert or replace the one row its primary key filters name. */
  | (RequestBase & { action: 'put'; payload: Payload })
  | (RequestBase & { action: 'update'; payload: Payload })
  | (RequestBase & { action: 'delete' })
  /** /rpc/<name>: arguments from the body (POST) or query.rpcArgs (GET, HEAD). */
  | (RequestBase & { action: 'call'; method: 'GET' | 'HEAD' | 'POST'; payload?: Payload });

/**
 * The single row every statement answers, as PostgREST's own statements do: the body already
 * aggregated in the database (JSON or CSV text), the counts for Content-Range, and what the SQL
 * set in `response.headers` / `response.status` (GUCs a function may set).
 */
export interface StatementResult {
  /** Total rows matching without limit/offset, with `count=`; null otherwise. */
  total_result_set: string | null;
  /** Rows in this response. */
  page_total: string;
  body: string | null;
  /**
   * Inserts: the first written row's primary key as a query string (`id=eq.7`), for the Location
   * header PostgREST sends with `return=headers-only`; null otherwise.
   */
  location: string | null;
  response_headers: string | null;
  response_status: string | null;
  /**
   * Upserts (PUT, `resolution=merge-duplicates`): how many rows were inserted rather than updated,
   * so the response is 201 when any was and 200 otherwise, as PostgREST decides; null otherwise.
   */
  response_inserted: string | null;
}

/** SQL text with `$n` placeholders and their values (strings, as `pg` sends text parameters). */
export interface Statement {
  text: string;
  values: unknown[];
  /**
   * With `count=planned` or `count=estimated`: an `EXPLAIN (FORMAT JSON)` of the count query, run in
   * the same transaction after the statement; its first plan's "Plan Rows" is the planned total.
   * For `estimated` PostgREST uses it only when the statement's exact total (counted up to
   * max_rows + 1) passes max_rows, and then answers the larger of the two.
   */
  countPlan?: { text: string; values: unknown[] };
}
