/**
 * Requests to a hosted project's own APIs (`https://<ref>.supabase.co/...`, or
 * SUPABASE_INTERNAL_PROJECT_URL): link's version probes, and storage's objects. They carry the
 * original's User-Agent and a key of the project, give up after 10 s as the original's HTTP client
 * does, and are logged to --debug as method, path, status and time, never with their keys. A
 * status other than 200 is the original's `Error status <code>: <body>`.
 */
import { TaskError } from '../../task-error.js';
import { USER_AGENT } from '../../version.js';
import { causeOf, elapsed } from './client.js';
import { projectUrl } from './hosts.js';

export interface ProjectRequest {
  /** Path below the project's base URL, starting with `/`, e.g. `/auth/v1/health`. */
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: RequestInit['body'];
  env?: NodeJS.ProcessEnv;
  debug?: (line: string) => void;
  /** Default 10 s, the original's client timeout. */
  timeoutMs?: number;
}

/** Sends a request to project `ref` and returns the answer when its status is 200. */
export async function projectFetch(ref: string, request: ProjectRequest): Promise<Response> {
  const method = request.method ?? 'GET';
  const began = performance.now();
  let response: Response;
  try {
    response = await fetch(`${projectUrl(ref, request.env)}${request.path}`, {
      method,
      headers: { ...request.headers, 'User-Agent': USER_AGENT },
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs ?? 10_000),
    });
  } catch (error) {
    request.debug?.(`HTTP ${method} ${request.path} failed after ${elapsed(began)}: ${causeOf(error)}`);
    throw new TaskError(`failed to execute http request: ${causeOf(error)}`, undefined, { cause: error });
  }
  request.debug?.(`HTTP ${method} ${request.path} ${response.status} (${elapsed(began)})`);
  if (response.status !== 200) throw new TaskError(`Error status ${response.status}: ${await response.text()}`);
  return response;
}

/** The JSON body of a 200 answer; a body that is not JSON is the original's parse error. */
export async function projectJson<T>(ref: string, request: ProjectRequest): Promise<T> {
  const text = await (await projectFetch(ref, request)).text();
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new TaskError(`failed to parse response body: ${(error as Error).message}`);
  }
}
