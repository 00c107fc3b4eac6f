/**
 * `functions serve` on the native runtime: the router, a Deno worker per function, and a watcher
 * that retires the workers when anything under supabase/functions (or an import map) changes. Runs
 * in the serving command's process until closed.
 *
 * Where the router listens: when the project's API gateway runs (the stack's `kong`), on a free
 * loopback port recorded for the gateway, which proxies `/functions/v1/` to it, as the original's
 * Kong proxies to the edge runtime's 8081; without a gateway (`start -x kong`), on the API port
 * itself.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProjectConfig } from '../../project/config.types.js';
import { FUNCTIONS_DIR, inProject } from '../../project/project-paths.js';
import { localDbUrl } from '../../keys/status-values.js';
import { TaskError, messageOf } from '../../task-error.js';
import { servedFunctions, type ServeOptions, type ServedFunction } from '../served-functions.js';
import { denoBinary, denoVersion } from './deno-binary.js';
import type { LogSink, WorkerSpec } from './function-worker.js';
import { FUNCTIONS_PREFIX, createFunctionsRouter } from './functions-router.js';
import { WorkerPool } from './worker-pool.js';
import { freePort } from '../../native/port-check.js';
import { gatewayStatus } from '../../api/gateway/gateway-process.js';
import { functionsRecordFile, removeFunctionsUpstream, writeFunctionsUpstream } from '../../api/gateway/functions-upstream.js';
import { writeBootstrap } from './worker-bootstrap.js';

export interface NativeServeOptions {
  root: string;
  config: ProjectConfig;
  /** The CLI's environment: only what Deno itself needs (cache, proxies, registry) is passed on. */
  processEnv: NodeJS.ProcessEnv;
  /** The user's variables (--env-file or supabase/functions/.env). */
  userEnv: Record<string, string>;
  serve: ServeOptions;
  log: LogSink;
  /** How long a function may take to start listening; the first start may download npm packages. */
  bootTimeoutMs?: number;
}

export interface NativeServeHandle {
  /** `http://<host>:<api port>/functions/v1`. */
  url: string;
  deno: string;
  close: () => Promise<void>;
}

/** Variables of the CLI's environment that Deno needs to fetch modules where the user is. */
const PASSED_THROUGH = ['DENO_DIR', 'DENO_AUTH_TOKENS', 'DENO_CERT', 'NPM_CONFIG_REGISTRY', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'NO_COLOR', 'TZ'];

/** The environment a function sees: the platform's variables, then the user's (which cannot
 * shadow them). */
export function functionEnv(config: ProjectConfig, processEnv: NodeJS.ProcessEnv, userEnv: Record<string, string>): Record<string, string> {
  const passed = Object.fromEntries(PASSED_THROUGH.filter((name) => processEnv[name] !== undefined).map((name) => [name, processEnv[name]!]));
  // Deno keeps its module cache under $HOME unless told; a function does not get HOME (as in the original).
  passed.DENO_DIR ??= path.join(processEnv.XDG_CACHE_HOME || path.join(processEnv.HOME || os.homedir(), '.cache'), 'deno');
  return {
    ...passed,
    SUPABASE_URL: `http://${config.hostname}:${config.api.port}`,
    SUPABASE_ANON_KEY: config.auth.anon_key,
    SUPABASE_SERVICE_ROLE_KEY: config.auth.service_role_key,
    SUPABASE_DB_URL: localDbUrl(config),
    ...userEnv,
  };
}

/** Starts serving; resolves once the router listens. */
export async function serveNatively(options: NativeServeOptions): Promise<NativeServeHandle> {
  const { root, config, log } = options;
  const deno = denoBinary();
  const bootstrap = await writeBootstrap();
  const functionsDir = inProject(root, FUNCTIONS_DIR);
  // Made when missing, as the original does, so functions created while serving are watched too.
  await mkdir(functionsDir, { recursive: true });
  let functions = toMap(servedFunctions(root, config, options.serve));
  const env = functionEnv(config, options.processEnv, options.userEnv);
  const specOf = (slug: string): WorkerSpec => ({
    slug,
    entry: path.join(functionsDir, slug, 'index.ts'),
    importMap: functions.get(slug)?.importMap,
    env,
    cwd: path.join(functionsDir, slug),
    deno,
    bootstrap,
    memoryLimitMb: 150,
    bootTimeoutMs: options.bootTimeoutMs ?? 120_000,
    log,
  });
  const pool = new WorkerPool(specOf);
  const router = createFunctionsRouter({ jwtSecret: config.auth.jwt_secret, functions: () => functions, pool, log });
  const behindGateway = (await gatewayStatus(config.project_id, options.processEnv)).state === 'running';
  const record = functionsRecordFile(config.project_id, options.processEnv);
  if (behindGateway) {
    const port = await freePort('127.0.0.1');
    await listen(router, port, '127.0.0.1', 'the native runtime, as a free port behind the API gateway');
    await writeFunctionsUpstream(record, `http://127.0.0.1:${port}`);
  } else {
    await listen(router, config.api.port, '127.0.0.1', '[api] port in supabase/config.toml');
  }

  // Edits take effect on the next request: the set of functions is read again and every worker retired.
  let pending: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(pending);
    pending = setTimeout(() => {
      try {
        functions = toMap(servedFunctions(root, config, options.serve));
      } catch (error) {
        log.stderr(`not reloading: ${messageOf(error)}`);
        return;
      }
      pool.retireAll();
    }, 30);
  };
  const watchers = watchAll([functionsDir, ...new Set([...functions.values()].map((fn) => fn.importMap).filter((file): file is string => !!file))], changed);

  return {
    url: `http://${config.hostname}:${config.api.port}${FUNCTIONS_PREFIX}`,
    deno: denoVersion(),
    close: async () => {
      clearTimeout(pending);
      for (const watcher of watchers) watcher.close();
      if (behindGateway) await removeFunctionsUpstream(record);
      router.closeAllConnections();
      await Promise.all([new Promise((resolve) => router.close(resolve)), pool.closeAll()]);
    },
  };
}

function toMap(functions: ServedFunction[]): Map<string, ServedFunction> {
  return new Map(functions.map((fn) => [fn.slug, fn]));
}

/** Watches folders (recursively) and files; paths that cannot be watched are skipped. */
function watchAll(paths: string[], onChange: () => void): FSWatcher[] {
  const watchers: FSWatcher[] = [];
  for (const target of paths) {
    try {
      watchers.push(watch(target, { recursive: true, persistent: false }, onChange));
    } catch {
      // A file outside the functions folder that vanished; its absence shows when a worker starts.
    }
  }
  return watchers;
}

function listen(server: ReturnType<typeof createFunctionsRouter>, port: number, host: string, setBy: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new TaskError(
          `failed to serve functions: port ${port} is already in use (set by ${setBy})`,
          `Stop the program listening on port ${port} (another functions serve?), or configure a different [api] port in supabase/config.toml`,
        ));
      } else {
        reject(new TaskError(`failed to serve functions: ${error.message}`));
      }
    });
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
}
