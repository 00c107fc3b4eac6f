/**
 * The one Management API client of the tool: openapi-fetch over the types generated from
 * management-api.yaml, so every route, parameter and body is checked by the compiler. Every
 * request carries the original's headers (`User-Agent: SupabaseCLI/<version>`, the bearer token);
 * with --debug each one is logged as method, path, status and time, never with its token.
 */
import createClient, { type Client } from 'openapi-fetch';
import { TaskError, messageOf } from '../../task-error.js';
import { USER_AGENT } from '../../version.js';
import type { paths } from './management-api.gen.js';
import { apiHost } from './hosts.js';

export type ManagementClient = Client<paths>;

export interface ClientOptions {
  token: string;
  env?: NodeJS.ProcessEnv;
  /** Receives one line per request (the --debug log). */
  debug?: (line: string) => void;
}

/**
 * The raw text of answers that were not 2xx, kept so that error messages can quote the body as
 * the platform sent it (the original prints `string(resp.Body)`, not a re-encoding).
 */
const errorBodies = new WeakMap<Response, string>();

/** A client for the API host the environment selects. */
export function createManagementClient(options: ClientOptions): ManagementClient {
  const host = apiHost(options.env);
  return createClient<paths>({
    baseUrl: host,
    headers: { Authorization: `Bearer ${options.token}`, 'User-Agent': USER_AGENT },
    fetch: (request) => sendLogged(request, host, options.debug),
  });
}

async function sendLogged(request: Request, host: string, debug?: (line: string) => void): Promise<Response> {
  const began = performance.now();
  const where = new URL(request.url).pathname;
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    debug?.(`HTTP ${request.method} ${where} failed after ${elapsed(began)}: ${causeOf(error)}`);
    throw new TaskError(
      `failed to reach the Management API at ${host}: ${causeOf(error)}`,
      'Check your network connection, or SUPABASE_INTERNAL_API_HOST if you set it.',
      { cause: error },
    );
  }
  debug?.(`HTTP ${request.method} ${where} ${response.status} (${elapsed(began)})`);
  if (response.ok) return response;
  const text = await response.text();
  const copy = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  errorBodies.set(copy, text);
  return copy;
}

/** Milliseconds since `began` (a performance.now() reading), for the --debug lines. */
export function elapsed(began: number): string {
  return `${Math.round(performance.now() - began)} ms`;
}

/** fetch() wraps the socket error in `cause`; that is the part worth showing. */
export function causeOf(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code && !cause.message.includes(code) ? `${code} ${cause.message}` : cause.message;
  }
  return messageOf(error);
}

/** The body of an answer as the platform sent it. */
export function rawBody(response: Response, parsed?: unknown): string {
  const kept = errorBodies.get(response);
  if (kept !== undefined) return kept;
  return typeof parsed === 'string' ? parsed : parsed === undefined ? '' : JSON.stringify(parsed);
}

/** What an openapi-fetch call resolves to, reduced to what the checks below read. */
interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The original's wording for an answer it did not expect: `Unexpected error <doing>: <body>`.
 * `doing` reads like "retrieving projects".
 */
export function unexpectedAnswer(doing: string, result: { error?: unknown; response: Response }): TaskError {
  return new TaskError(`Unexpected error ${doing}: ${rawBody(result.response, result.error)}`);
}

/**
 * Awaits a call and returns its data when the status is one of `expected` (any 2xx when not
 * given); anything else becomes the original's "Unexpected error <doing>" message.
 */
export function expectStatus<T>(doing: string, call: Promise<CallResult<T>>, expected?: readonly number[]): Promise<T> {
  return expectAnswer(call, expected, `Unexpected error ${doing}: `);
}

/**
 * The same check for the commands whose original words a failure differently: the message is
 * `failure` followed by the body as the platform sent it.
 */
export async function expectAnswer<T>(call: Promise<CallResult<T>>, expected: readonly number[] | undefined, failure: string): Promise<T> {
  const result = await call;
  const status = result.response.status;
  const accepted = expected ? expected.includes(status) : status >= 200 && status < 300;
  if (!accepted) throw new TaskError(`${failure}${rawBody(result.response, result.error)}`);
  return result.data as T;
}
