/**
 * The real parts of the REST service, joined to the HTTP layer's RestParts: the query-string
 * parser (rest/grammar/), the schema cache, its reload listener and its OpenAPI document
 * (rest/schema/) and the SQL builder (rest/sql/). Each part was written against its own contract;
 * the adapters here only bridge signatures (a pool where the loader takes one client, the raw
 * query string where the parser takes URLSearchParams), they decide nothing.
 */
import type { ApiSettings } from '../../gateway/api-service.js';
import { REST_APPLICATION_NAME } from '../../common/db-pool.js';
import { parseQuery } from '../grammar/parse-query.js';
import { loadSchemaCache } from '../schema/load-schema-cache.js';
import { openApiDocument } from '../schema/openapi.js';
import { listenForSchemaReload } from '../schema/schema-reload.js';
import { buildStatement } from '../sql/build-statement.js';
import type { RestParts } from './rest-parts.js';

/** The listener's own connection: authenticator, as PostgREST's listener logs in. */
function listenerConnection(settings: ApiSettings) {
  return { host: '127.0.0.1', port: settings.dbPort, user: 'authenticator', password: settings.dbPassword, database: 'postgres', application_name: REST_APPLICATION_NAME };
}

export const liveRestParts: RestParts = {
  parseQuery: (queryString, rpcRead) => parseQuery(new URLSearchParams(queryString), { rpc: rpcRead }),
  async loadSchemaCache(pool, settings) {
    // The loader runs its own read-only transaction, so it needs one connection for the whole of it.
    const client = await pool.connect();
    try {
      return await loadSchemaCache(client, settings.schemas);
    } finally {
      client.release();
    }
  },
  async watchSchemaReload(settings, reload, log) {
    const listener = await listenForSchemaReload({ connection: listenerConnection(settings), schemas: settings.schemas, onReload: reload, log });
    return () => listener.close();
  },
  buildStatement: (request, cache, settings) => buildStatement(request, cache, { maxRows: settings.maxRows > 0 ? settings.maxRows : undefined }),
  openApi: (cache, schema, settings) => JSON.stringify(openApiDocument(cache, { apiUrl: settings.apiUrl, schema })),
};
