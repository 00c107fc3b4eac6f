/**
 * Calls to the platform's Management API (api.supabase.com, or SUPABASE_INTERNAL_API_HOST), with
 * the headers every request of the original carries. Tokens are sent, never logged.
 */
import { USER_AGENT } from '../version.js';
import { TaskError } from '../task-error.js';

export const DEFAULT_API_HOST = 'https://api.supabase.com';

export interface ApiResponse<T> {
  status: number;
  body: T;
  /** The raw body text, for error messages that quote it. */
  text: string;
}

/** The API base URL: SUPABASE_INTERNAL_API_HOST, else the hosted platform. */
export function apiHost(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SUPABASE_INTERNAL_API_HOST || DEFAULT_API_HOST).replace(/\/+$/, '');
}

/** Sends one request; any status comes back (callers word their own errors, as the original does). */
export async function managementRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: { token: string; env?: NodeJS.ProcessEnv; body?: unknown },
): Promise<ApiResponse<T>> {
  const url = `${apiHost(options.env)}${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${options.token}`,
        'User-Agent': USER_AGENT,
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new TaskError(`failed to reach the Management API at ${apiHost(options.env)}: ${(error as Error).cause ?? (error as Error).message}`);
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: callers quote the text.
  }
  return { status: response.status, body: body as T, text };
}
