/**
 * postgres-meta on the native runtime: the published `@supabase/postgres-meta` package (the same
 * server the original runs as the `supabase/postgres-meta` image, started the same way, `node
 * dist/server/server.js`), as a supervised process of the native stack
 * (native/supervised-process.ts), connected to the project's database. The build bundles that
 * server into one module, its rarely used heavy parts loaded on first use
 * (scripts/bundle-pg-meta.js), which loads in half the time and memory; without a build, the
 * package's own server.js runs.
 *
 * It listens on 127.0.0.1 at 8080, pg-meta's port in the original stack (`PG_META_PORT`), or at
 * SUPABASE_PG_META_PORT; the server also opens a metrics listener on the next port, so both must
 * be free. The original publishes no port for it (Studio and the gateway reach it inside the
 * container network) and config.toml has no setting for it, so when 8080 is taken (another
 * project's pg-meta, say) it takes a free port instead and says so in one line; `status` prints
 * wherever it is. A port chosen with SUPABASE_PG_META_PORT is kept to: taken, the start fails.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ProjectConfig } from '../project/config.types.js';
import { TaskError } from '../task-error.js';
import { packageFileSync } from '../package-folder.js';
import { freePort, isPortInUse } from '../native/port-check.js';
import { baseChildEnv, httpAnswers, jsonBody, launchService, recordedUrl, serviceFiles, serviceStatus, spawnService, stopService, type LaunchSpec, type ServiceKind, type ServiceStatus } from '../native/supervised-process.js';

/** pg-meta's port inside the original stack. */
export const PG_META_DEFAULT_PORT = 8080;
const PACKAGE = '@supabase/postgres-meta';
const HOST = '127.0.0.1';

const kind: ServiceKind = {
  title: 'postgres-meta',
  // In the command line of either script: the bundle's name and the package's folder.
  marker: 'postgres-meta',
  // Its root path names the package; /health answers the same for any server that has one.
  answers: (url) => httpAnswers(`${url}/`, jsonBody((body) => body.name === PACKAGE)),
};

/** The port pg-meta listens on: SUPABASE_PG_META_PORT, else 8080. */
export function pgMetaPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SUPABASE_PG_META_PORT;
  if (raw === undefined || raw === '') return PG_META_DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65534) {
    throw new TaskError(`invalid SUPABASE_PG_META_PORT "${raw}": it must be a port number from 1 to 65534`, 'Set it to a free port, such as 54330, or unset it to use 8080.');
  }
  return port;
}

/**
 * V8's young generation capped at 4 MiB a half (16 MiB by default): loading the package leaves
 * the young generation at its largest and resident, some 20 MiB of a 130 MiB process, until V8's
 * memory reducer shrinks the idle process half a minute or more later (to about 98 MiB either
 * way). Measured with /tables and the TypeScript generator, it costs no CPU; a cap of 1 MiB saves
 * 5 MiB more but costs a quarter more CPU per /tables, and --optimize-for-size doubles the
 * generator's. Not a heap limit: a large schema still gets all the memory it needs.
 */
export const PG_META_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * The server script: the build's bundle of the package's server, else (no build yet) the
 * package's own. Its age is not checked against the package's: the package's version is pinned,
 * so whatever bundle the build made is of the same server.
 */
function serverScript(): string {
  try {
    return packageFileSync(path.join('dist', 'tasks', 'pg-meta', 'postgres-meta-server.mjs'));
  } catch {
    return path.join(path.dirname(createRequire(import.meta.url).resolve(`${PACKAGE}/package.json`)), 'dist', 'server', 'server.js');
  }
}

/** Its pid record and log in the project's native folder. */
export const pgMetaFiles = (projectId: string, env: NodeJS.ProcessEnv = process.env) => serviceFiles(projectId, 'pg-meta', env);

/** The state of a project's postgres-meta. */
export function pgMetaStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<ServiceStatus> {
  return serviceStatus(pgMetaFiles(projectId, env), kind);
}

/** Where the project's postgres-meta was last started, as recorded (no probe). */
export function pgMetaUrl(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  return recordedUrl(pgMetaFiles(projectId, env));
}

/** Stops a project's postgres-meta; true when one was running. */
export async function stopPgMeta(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return stopService(pgMetaFiles(projectId, env), kind);
}

const pairFree = async (port: number) => !(await isPortInUse(port, HOST)) && !(await isPortInUse(port + 1, HOST));

/** 8080 when it and the next port are free, else a free pair (said in a notice). */
async function defaultPort(notice: (message: string) => void): Promise<number> {
  if (await pairFree(PG_META_DEFAULT_PORT)) return PG_META_DEFAULT_PORT;
  for (let tries = 0; tries < 20; tries += 1) {
    const port = await freePort(HOST);
    if (port < 65535 && (await pairFree(port))) {
      notice(`postgres-meta: port ${PG_META_DEFAULT_PORT} is in use, so it listens on ${HOST}:${port} instead (set SUPABASE_PG_META_PORT to choose its port).`);
      return port;
    }
  }
  throw new TaskError(`failed to start postgres-meta: port ${PG_META_DEFAULT_PORT} is in use and no free pair of ports was found`, 'Set SUPABASE_PG_META_PORT to a free port, or leave it out with supabase start -x postgres-meta.');
}

/**
 * Starts postgres-meta for a project whose database listens on `[db] port`, and waits until it
 * answers unless `waitForAnswer` is false: loading the package takes most of a second, and the
 * native stack has no Studio that would need it at once.
 */
export async function startPgMeta(
  config: ProjectConfig,
  env: NodeJS.ProcessEnv = process.env,
  notice: (message: string) => void = () => undefined,
  options: { waitForAnswer?: boolean } = {},
): Promise<{ pid: number; url: string }> {
  const port = env.SUPABASE_PG_META_PORT ? pgMetaPort(env) : await defaultPort(notice);
  const setBy = env.SUPABASE_PG_META_PORT ? 'SUPABASE_PG_META_PORT' : 'the native runtime, as a free port';
  const alternative = 'set SUPABASE_PG_META_PORT to a free port, or leave it out with supabase start -x postgres-meta';
  const spec: LaunchSpec = {
    args: [...PG_META_NODE_FLAGS, serverScript()],
    env: {
      ...baseChildEnv(env),
      NODE_ENV: 'production',
      PG_META_HOST: HOST,
      PG_META_PORT: String(port),
      PG_META_DB_HOST: '127.0.0.1',
      PG_META_DB_PORT: String(config.db.port),
      PG_META_DB_NAME: 'postgres',
      PG_META_DB_USER: 'postgres',
      PG_META_DB_PASSWORD: config.db.password,
    },
    url: `http://${HOST}:${port}`,
    ports: [
      { port, host: HOST, setBy, alternative },
      { port: port + 1, host: HOST, setBy: `${setBy} (its metrics listener takes the next port)`, alternative },
    ],
    timeoutMs: 20_000,
  };
  const files = pgMetaFiles(config.project_id, env);
  if (options.waitForAnswer !== false) return launchService(files, kind, spec);
  const { pid, url } = await spawnService(files, kind, spec);
  return { pid, url };
}
