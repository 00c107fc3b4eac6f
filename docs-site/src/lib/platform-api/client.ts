// The one place requests to the platform API are made. Typed by route from openapi.json; every
// call carries the bearer token and the caller's AbortSignal (TanStack Query aborts a read whose
// result nobody waits for any more).
import { PlatformApiError } from './errors';
import { platformSettings } from './settings';
import type { GetRoute, PathParams, SuccessBody } from './types';

export interface RequestOptions<P extends GetRoute> {
  token: string | undefined;
  signal?: AbortSignal;
  params?: PathParams<P>;
}

/** Fills `{name}` segments; a missing value is a programming error, never a request to `/undefined`. */
function fillPath(route: string, params: Record<string, string> = {}): string {
  return route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`missing path parameter ${name} for ${route}`);
    return encodeURIComponent(value);
  });
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (a proxy's error page): the status line says enough.
  }
  return `${response.status} ${response.statusText}`.trim();
}

/** GETs a route of the description and returns its JSON body, or throws a PlatformApiError. */
export async function platformGet<P extends GetRoute>(route: P, options: RequestOptions<P>): Promise<SuccessBody<P>> {
  if (!options.token) throw new PlatformApiError("can't fetch authenticated routes without signing in", 401);
  const url = `${platformSettings().apiUrl}${fillPath(route, options.params as Record<string, string> | undefined)}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${options.token}` }, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new PlatformApiError(`The platform API at ${platformSettings().apiUrl} did not answer`, 0);
  }
  if (!response.ok) throw new PlatformApiError(await errorMessage(response), response.status);
  return (await response.json()) as SuccessBody<P>;
}

/** Ends the session on the server. Failure is not fatal: the caller forgets the token either way. */
export async function platformLogout(token: string): Promise<void> {
  await fetch(`${platformSettings().apiUrl}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
}
