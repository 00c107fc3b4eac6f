/**
 * What the REST HTTP layer needs of the other parts of the REST service: the query-string parser
 * (rest/grammar/), the schema cache and its OpenAPI document (rest/schema/) and the SQL builder
 * (rest/sql/). The HTTP layer takes them as one value so that it is written against their
 * contracts only, and rest-service.ts hands it the real ones.
 */
import type pg from 'pg';
import type { ApiSettings } from '../../gateway/api-service.js';
import type { ParsedQuery } from '../query-ast.js';
import type { RestRequest, Statement } from '../rest-request.js';
import type { SchemaCache } from '../schema-types.js';

export interface RestParts {
  /** Parses a raw query string (without `?`); `rpcRead` for GET/HEAD on /rpc/ (arguments, not filters). Throws PGRST100. */
  parseQuery(queryString: string, rpcRead: boolean): ParsedQuery;
  /** Reads the exposed schemas from the catalog. */
  loadSchemaCache(pool: pg.Pool, settings: ApiSettings): Promise<SchemaCache>;
  /** Hands `reload` a fresh cache after every `NOTIFY pgrst, 'reload schema'`; resolves to a stop function. */
  watchSchemaReload(settings: ApiSettings, reload: (cache: SchemaCache) => void, log: (line: string) => void): Promise<() => Promise<void>>;
  /** The one statement of a request; throws PostgREST's ApiErrors for names the cache lacks. */
  buildStatement(request: RestRequest, cache: SchemaCache, settings: ApiSettings): Statement;
  /** The OpenAPI document of one exposed schema, as JSON text. */
  openApi(cache: SchemaCache, schema: string, settings: ApiSettings): string;
}
