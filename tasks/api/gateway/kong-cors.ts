/**
 * Kong's cors plugin as the template configures it (no options: every origin, the default
 * methods, the requested headers echoed), in Kong 2.8's order: a preflight (OPTIONS with Origin
 * and Access-Control-Request-Method) is answered by the gateway itself with 200 and no body,
 * before any key check; every other response on the route gets `Access-Control-Allow-Origin: *`.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Kong's default `methods`, joined as it joins them. */
const METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';

/** Whether a request is a preflight the plugin answers. */
export function isPreflight(method: string, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && headers.origin !== undefined && headers['access-control-request-method'] !== undefined;
}

/** The headers of the plugin's answer to a preflight. */
export function preflightHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const answer: Record<string, string> = { 'access-control-allow-origin': '*', 'access-control-allow-methods': METHODS };
  const requested = headers['access-control-request-headers'];
  if (requested !== undefined) answer['access-control-allow-headers'] = String(requested);
  return answer;
}

/** What every other response on a cors route carries. */
export const CORS_RESPONSE_HEADERS: Readonly<Record<string, string>> = { 'access-control-allow-origin': '*' };
