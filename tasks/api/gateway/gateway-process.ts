/**
 * The API gateway as a supervised process of the native stack (native/supervised-process.ts),
 * recorded in the journal as `kong` (the service it stands for) and as every API service it
 * serves in-process (`rest`). It listens on 127.0.0.1 at `[api] port`; its settings, secrets
 * included, go through a file of mode 0600 (gateway-settings.ts), never its command line or
 * environment, and it answers only once every service it serves has registered, so a start that
 * waits for it waits for REST's schema cache too.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackService } from '../../../machines/service.machine.js';
import type { ProjectConfig } from '../../project/config.types.js';
import { baseChildEnv, httpAnswers, jsonBody, launchService, nodeEntry, serviceFiles, serviceStatus, spawnService, stopService, untilAnswering, type LaunchSpec, type ServiceKind, type ServiceStatus } from '../../native/supervised-process.js';
import { clusterPaths } from '../../native/native-paths.js';
import { pgMetaFiles } from '../../pg-meta/pg-meta-process.js';
import { authSettingsFromConfig } from '../auth/auth-settings.js';
import type { ApiSettings } from './api-service.js';
import { isApiServiceName, type ApiServiceName } from './api-services.js';
import { functionsRecordFile } from './functions-upstream.js';
import { GATEWAY_HEALTH_PATH, GATEWAY_HEALTH_SERVICE } from './gateway-health.js';
import { servedByGateway, writeGatewaySettings, type AbsentReason, type GatewaySettings } from './gateway-settings.js';

const HOST = '127.0.0.1';

/** The services with a route on the gateway, by their journal names (analytics aside: it has its own 503). */
const ROUTED: readonly StackService[] = ['rest', 'auth', 'storage', 'realtime', 'pg-meta'];

function gatewayKind(projectId: string): ServiceKind {
  return {
    title: 'the API gateway',
    marker: 'api-gateway-main',
    answers: (url) => httpAnswers(`${url}${GATEWAY_HEALTH_PATH}`, jsonBody((body) => body.service === GATEWAY_HEALTH_SERVICE && body.project_id === projectId)),
  };
}

/** Its pid record, log and settings file in the project's native folder. */
export function gatewayFiles(projectId: string, env: NodeJS.ProcessEnv = process.env) {
  const files = serviceFiles(projectId, 'api-gateway', env);
  return { ...files, settingsFile: path.join(files.root, 'api-gateway.settings.json') };
}

/** What every API service is told, from config.toml. */
export function apiSettingsFromConfig(config: ProjectConfig, env: NodeJS.ProcessEnv = process.env, root?: string): ApiSettings {
  const apiUrl = `http://${config.hostname}:${config.api.port}`;
  return {
    dbPort: config.db.port,
    dbPassword: config.db.password,
    jwtSecret: config.auth.jwt_secret,
    jwtExpiry: config.auth.jwt_expiry,
    anonKey: config.auth.anon_key,
    serviceRoleKey: config.auth.service_role_key,
    apiUrl,
    schemas: config.api.schemas,
    extraSearchPath: config.api.extra_search_path,
    maxRows: config.api.max_rows,
    auth: authSettingsFromConfig(config, apiUrl, root),
    storage: {
      fileSizeLimit: config.storage.file_size_limit,
      root: path.join(clusterPaths(config.project_id, env).root, 'storage'),
      imageTransformation: config.storage.image_transformation.enabled,
    },
    realtimeMaxHeaderLength: config.realtime.max_header_length,
  };
}

/** The API services the gateway serves for a start that leaves `excluded` out. */
export function gatewayServes(excluded: ReadonlySet<StackService>): ApiServiceName[] {
  return (['rest', 'auth', 'storage', 'realtime'] as const).filter((service) => !excluded.has(service));
}

/** The state of a project's gateway. */
export function gatewayStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<ServiceStatus> {
  return serviceStatus(gatewayFiles(projectId, env), gatewayKind(projectId));
}

/** The API services its last launch served, read from its settings file (names only). */
export async function gatewayServed(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<StackService[]> {
  return (await servedByGateway(gatewayFiles(projectId, env).settingsFile)).filter(isApiServiceName);
}

/** Stops a project's gateway; true when one was running. */
export function stopGateway(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return stopService(gatewayFiles(projectId, env), gatewayKind(projectId));
}

/**
 * Starts the gateway of a project on `[api] port`, serving what `excluded` leaves in, and waits
 * until it answers (its services registered). Given `databaseReady` (a start whose database is
 * still coming up), the process is launched at once and released when that settles: Node's start
 * and the services' modules load while the server starts, and nothing connects before the
 * database is set up (a schema cache read before the migrations would be stale).
 */
export async function startGateway(
  config: ProjectConfig,
  excluded: ReadonlySet<StackService>,
  env: NodeJS.ProcessEnv = process.env,
  root?: string,
  databaseReady?: Promise<unknown>,
): Promise<{ pid: number; url: string; serves: ApiServiceName[] }> {
  const projectId = config.project_id;
  const files = gatewayFiles(projectId, env);
  const kind = gatewayKind(projectId);
  // Stopped before its settings are rewritten, so a running one never reads half a file.
  await stopService(files, kind);
  await mkdir(files.root, { recursive: true });
  const releaseFile = path.join(files.root, 'api-gateway.release');
  await rm(releaseFile, { force: true });
  const services = gatewayServes(excluded);
  const absent: Partial<Record<string, AbsentReason>> = {};
  for (const service of ROUTED) if (!(services as string[]).includes(service)) absent[service] = excluded.has(service) ? 'excluded' : 'unavailable';
  // postgres-meta runs beside the gateway unless left out; its absence then is news, not a setting.
  if (!excluded.has('pg-meta')) delete absent['pg-meta'];
  const settings: GatewaySettings = {
    projectId,
    host: HOST,
    port: config.api.port,
    // The project root resolves the Auth mail templates' content_path.
    api: apiSettingsFromConfig(config, env, root),
    services,
    absent,
    pgMetaRecord: pgMetaFiles(projectId, env).pidFile,
    functionsRecord: functionsRecordFile(projectId, env),
    ...(databaseReady ? { release: { file: releaseFile, parentPid: process.pid } } : {}),
  };
  await writeGatewaySettings(files.settingsFile, settings);
  const spec: LaunchSpec = {
    args: nodeEntry('tasks/api/gateway/api-gateway-main', [files.settingsFile]),
    env: baseChildEnv(env),
    url: `http://${HOST}:${config.api.port}`,
    ports: [{ port: config.api.port, host: HOST, setBy: '[api] port in supabase/config.toml', alternative: 'configure a different [api] port in supabase/config.toml' }],
    // The REST schema cache is loaded before it answers.
    timeoutMs: 20_000,
    // A start waits on it more than on anything else: seen answering as soon as it listens.
    readySignal: true,
  };
  if (!databaseReady) return { ...(await launchService(files, kind, spec)), serves: services };
  const launched = await spawnService(files, kind, spec);
  try {
    await databaseReady;
  } catch (error) {
    // The start failed on the database: the gateway never connected; it goes with the rest.
    await stopService(files, kind);
    throw error;
  }
  await writeFile(releaseFile, '', { mode: 0o600 });
  await untilAnswering(files, kind, launched);
  return { pid: launched.pid, url: launched.url, serves: services };
}
