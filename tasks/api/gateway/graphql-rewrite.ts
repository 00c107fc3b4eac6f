/**
 * The template's graphql-v1 route: `/graphql/v1` goes to PostgREST's `/rpc/graphql` with the
 * header `Content-Profile: graphql_public` added by Kong's request-transformer (whose `add` leaves
 * a header the client sent alone). Done before routing, so the request is then an ordinary REST
 * call, with REST's key check and CORS.
 */
import type { IncomingMessage } from 'node:http';

const GRAPHQL_PATH = '/graphql/v1';
const REST_RPC = '/rest/v1/rpc/graphql';

/** The URL a request is routed by: the GraphQL path rewritten (its headers completed), any other as sent. */
export function rewriteGraphql(request: IncomingMessage): string {
  const url = request.url ?? '/';
  // Kong's prefix match: `/graphql/v1` and anything after it, the query string kept.
  if (!url.startsWith(GRAPHQL_PATH)) return url;
  request.headers['content-profile'] ??= 'graphql_public';
  return `${REST_RPC}${url.slice(GRAPHQL_PATH.length)}`;
}
