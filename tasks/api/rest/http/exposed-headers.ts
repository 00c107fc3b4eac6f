/**
 * What PostgREST lets a page of another origin read: its CORS middleware (wai-cors, PostgREST's
 * Cors.hs) names these headers in `Access-Control-Expose-Headers` on every answer to a request
 * that carries an Origin. Kong's cors plugin in front adds `Access-Control-Allow-Origin` and
 * passes this one through, so a browser client reads `Content-Range` (supabase-js's `count`, the
 * Studio's row total) only thanks to it.
 */

/** PostgREST's list, in its order. */
const EXPOSED = ['Content-Encoding', 'Content-Location', 'Content-Range', 'Content-Type', 'Date', 'Location', 'Server', 'Transfer-Encoding', 'Range-Unit'].join(', ');

/** The header to add to an answer: none for a request without an Origin. */
export function exposedHeaders(origin: string | string[] | undefined): Record<string, string> {
  return origin === undefined ? {} : { 'Access-Control-Expose-Headers': EXPOSED };
}
