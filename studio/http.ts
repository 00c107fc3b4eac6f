/**
 * The page's two ways out: the platform API process it came from (`/api/...`: postgres-meta and
 * snippets) and the stack's API gateway (REST and Auth's admin API, as the service role). Each failure becomes an
 * ApiError with the message a user can act on: the service's own words when it gave some, and
 * for a service that is not running, which one and how to start it.
 */
import type { StudioConfig } from './config';

/** A request that did not succeed, with what the answer said. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's JSON, when there was one (postgres-meta's error carries `position`). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The words of a failure to show the user: an Error's message (an ApiError's is the service's), else the value itself. */
export const errorText = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause));

/** What to say when the gateway itself does not answer (the proxy's 502, or a refused fetch). */
export const GATEWAY_DOWN =
  'The API gateway is not running, so neither postgres-meta nor REST can be reached: run supabase status to see why, then supabase start (without -x kong).';

function messageOf(status: number, body: Record<string, unknown> | undefined, fallback: string): string {
  // PostgREST and the gateway say `message`, postgres-meta `error`, GoTrue `msg` or `error_description`.
  const text = body?.message ?? body?.msg ?? body?.error_description ?? body?.error;
  return typeof text === 'string' && text !== '' ? text : fallback || `the request failed with status ${status}`;
}

/** A request whose failure becomes an ApiError; the answer's JSON (undefined when empty) and headers. */
export async function send<T>(input: string, init: RequestInit): Promise<{ data: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch {
    throw new ApiError(GATEWAY_DOWN, 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    if (response.status === 502) throw new ApiError(GATEWAY_DOWN, 502, record);
    throw new ApiError(messageOf(response.status, record, text), response.status, record);
  }
  return { data: body as T, headers: response.headers };
}

const jsonInit = (method: string, body?: unknown): RequestInit =>
  body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };

/** postgres-meta (`/api/pg-meta/<path>` on this server, which adds the key). */
export async function pgMeta<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  return (await send<T>(`/api/pg-meta/${path}`, jsonInit(method, body))).data;
}

/** A JSON route of this server. */
export async function studioApi<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  return (await send<T>(`/api/${path}`, jsonInit(method, body))).data;
}

export const serviceRoleHeaders = (config: StudioConfig): Record<string, string> => ({ apikey: config.serviceRoleKey, Authorization: `Bearer ${config.serviceRoleKey}` });

/** A request of Auth's API (`/auth/v1/<path>`) as the service role, which its admin routes require. */
export async function auth<T>(config: StudioConfig, path: string, method = 'GET', body?: unknown): Promise<{ data: T; headers: Headers }> {
  const init = jsonInit(method, body);
  return send<T>(`${config.apiUrl}/auth/v1/${path}`, { ...init, headers: { ...serviceRoleHeaders(config), ...(init.headers as Record<string, string> | undefined) } });
}

/** A REST request as the service role; `schema` picks the profile (PostgREST's Accept-/Content-Profile). */
export async function rest<T>(
  config: StudioConfig,
  path: string,
  options: { method?: string; schema?: string; body?: unknown; prefer?: string } = {},
): Promise<{ data: T; headers: Headers }> {
  const method = options.method ?? 'GET';
  const headers = serviceRoleHeaders(config);
  if (options.schema) headers[method === 'GET' ? 'Accept-Profile' : 'Content-Profile'] = options.schema;
  if (options.prefer) headers.Prefer = options.prefer;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return send<T>(`${config.apiUrl}/rest/v1/${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}
