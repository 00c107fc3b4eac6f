/**
 * The native `functions serve`'s main router, on the stack's API port: the part of the original's
 * gateway and edge-runtime main service that functions need. `/functions/v1/_internal/health`
 * answers `{"message":"ok"}`; `/functions/v1/<slug>/...` is checked for a JWT when the function
 * requires one (OPTIONS never is, for CORS preflights) and handed to the function's own worker with
 * the gateway's prefix removed. Status codes and error bodies are the original's.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { ServedFunction } from '../served-functions.js';
import { WorkerBootError, respondJson, type LogSink } from './function-worker.js';
import { BearerCheck } from './jwt-check.js';
import type { WorkerPool } from './worker-pool.js';

export const FUNCTIONS_PREFIX = '/functions/v1';

export interface RouterOptions {
  jwtSecret: string;
  /** The served functions right now (the set changes when folders are added or removed). */
  functions: () => ReadonlyMap<string, ServedFunction>;
  pool: WorkerPool;
  log: LogSink;
}

/** An HTTP server (not yet listening) that routes to the functions. */
export function createFunctionsRouter(options: RouterOptions): http.Server {
  const bearer = new BearerCheck(options.jwtSecret);
  const server = http.createServer((request, response) => {
    route(request, response, options, bearer).catch((error: Error) => {
      options.log.stderr(`functions router: ${error.message}`);
      if (!response.headersSent) respondJson(response, 500, { code: 500, message: 'Request failed due to a server error' });
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

async function route(request: IncomingMessage, response: ServerResponse, options: RouterOptions, bearer: BearerCheck): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname !== FUNCTIONS_PREFIX && !url.pathname.startsWith(`${FUNCTIONS_PREFIX}/`)) {
    // Only the functions route exists on this port on the native runtime.
    return respondJson(response, 404, { message: 'no Route matched with those values' });
  }
  const path = url.pathname.slice(FUNCTIONS_PREFIX.length);
  if (path === '/_internal/health') return respondJson(response, 200, { message: 'ok' });
  const slug = path.split('/')[1] ?? '';
  const served = options.functions().get(slug);
  if (!slug || !served) {
    response.writeHead(404, { 'Content-Type': 'text/plain;charset=UTF-8' });
    response.end('Function not found');
    return;
  }
  if (request.method !== 'OPTIONS' && served.verifyJwt) {
    const problem = await bearer.problem(request);
    if (problem) {
      options.log.stderr(`${slug}: ${problem}`);
      return respondJson(response, 401, { msg: problem });
    }
  }
  options.log.stderr(`serving the request with supabase/functions/${slug}`);
  let worker;
  try {
    worker = await options.pool.acquire(slug);
  } catch (error) {
    if (!(error instanceof WorkerBootError)) throw error;
    options.log.stderr(`${slug}: worker failed to boot: ${error.message}`);
    return respondJson(response, 503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
  }
  await worker.forward(request, response, `${path}${url.search}`);
}
