/**
 * The API key check of the platform's gateway (Kong's key-auth with the anon and service_role
 * consumers, and an ACL on admin routes): the key is the `apikey` header, or else the `apikey`
 * query parameter (Kong's key_in_header and key_in_query), and is passed on unchanged. A missing
 * key is Kong's 401 with its `WWW-Authenticate`; an unknown one is the platform's 401; a known key
 * on a route its consumer may not use is the ACL's 403.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiSettings } from './api-service.js';
import type { KongRoute } from './kong-routes.js';

export interface KeyRefusal {
  status: number;
  body: { message: string };
  headers: Record<string, string>;
}

/** The key a request carries, from its header first. */
function keyOf(headers: IncomingHttpHeaders, search: URLSearchParams): string | undefined {
  const header = headers.apikey;
  if (typeof header === 'string' && header !== '') return header;
  if (Array.isArray(header) && header[0]) return header[0];
  return search.get('apikey') || undefined;
}

/** Why the request may not pass the route's key check, or undefined when it may. */
export function refuseKey(route: KongRoute, headers: IncomingHttpHeaders, search: URLSearchParams, settings: Pick<ApiSettings, 'anonKey' | 'serviceRoleKey'>): KeyRefusal | undefined {
  if (route.key === 'none') return undefined;
  const key = keyOf(headers, search);
  if (key === undefined) return { status: 401, body: { message: 'No API key found in request' }, headers: { 'www-authenticate': 'Key realm="kong"' } };
  const consumer = key === settings.serviceRoleKey ? 'service_role' : key === settings.anonKey ? 'anon' : undefined;
  if (!consumer) return { status: 401, body: { message: 'Invalid API key' }, headers: {} };
  if (route.key === 'service_role' && consumer !== 'service_role') return { status: 403, body: { message: 'You cannot consume this service' }, headers: {} };
  return undefined;
}
