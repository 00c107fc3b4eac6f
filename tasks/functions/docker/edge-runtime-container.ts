/**
 * The edge-runtime container as the original runs it for `start` and `functions serve`:
 * environment (platform variables, internal settings, the functions config, the user's env), the
 * Deno cache volume, supabase/functions mounted read-write, import maps and the local modules they
 * name mounted read-only, and an entrypoint that writes our main router and starts
 * `edge-runtime start --main-service /home/deno/main -p 8081`. Synchronous, because service plugins
 * describe their containers without awaiting.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FUNCTIONS_DIR, TEMP_DIR, inProject } from '../../project/project-paths.js';
import { volumeNames } from '../../docker/docker-names.js';
import type { ServiceContainer, ServiceContext } from '../../docker/services/service-plugin.js';
import { CONTAINER_FUNCTIONS, CONTAINER_HOME, containerImportMap, pathHash } from '../container-paths.js';
import { FALLBACK_IMPORT_MAP } from '../import-map-file.js';
import { servedFunctions, type ServeOptions } from '../served-functions.js';
import { MAIN_ROUTER } from './main-router.js';

export const EDGE_RUNTIME_PORT = 8081;
const FLAG_IMPORT_MAP = `${CONTAINER_HOME}/flag_import_map.json`;
const FALLBACK_CONTAINER_MAP = `${CONTAINER_HOME}/fallback_import_map.json`;
const IMPORT_MAPS_DIR = `${TEMP_DIR}/import_maps`;

export interface EdgeRuntimeInputs {
  ctx: ServiceContext;
  /** The database as the functions reach it on the project network. */
  dbUrl: string;
  /** The user's variables (--env-file or supabase/functions/.env). */
  userEnv: Record<string, string>;
  serve: ServeOptions;
  debug: boolean;
}

/** The container description, minus the readiness probe (which the caller adds). */
export function edgeRuntimeContainer(inputs: EdgeRuntimeInputs): Omit<ServiceContainer, 'probe'> {
  const { ctx, serve } = inputs;
  const { config, root } = ctx;
  const functionsDir = inProject(root, FUNCTIONS_DIR);
  mkdirSync(functionsDir, { recursive: true });
  const binds = [`${functionsDir}:${CONTAINER_FUNCTIONS}:rw,z`];
  if (serve.flagImportMap) binds.push(...importMapBinds(root, serve.flagImportMap, FLAG_IMPORT_MAP));
  binds.push(...importMapBinds(root, serve.fallbackImportMap ?? emptyFallbackMap(root), FALLBACK_CONTAINER_MAP));

  const functionsConfig: Record<string, { importMapPath: string; verifyJWT: boolean }> = {};
  for (const fn of servedFunctions(root, config, serve)) {
    let importMapPath = FALLBACK_CONTAINER_MAP;
    if (fn.importMapSource === 'flag') importMapPath = FLAG_IMPORT_MAP;
    if (fn.importMapSource === 'config') {
      importMapPath = `${CONTAINER_HOME}/import_maps/${fn.slug}/import_map.json`;
      binds.push(...importMapBinds(root, fn.importMap!, importMapPath));
    }
    functionsConfig[fn.slug] = { importMapPath, verifyJWT: fn.verifyJwt };
  }

  const command = ['edge-runtime', 'start', '--main-service', `${CONTAINER_HOME}/main`, '-p', String(EDGE_RUNTIME_PORT), ...(inputs.debug ? ['--verbose'] : [])];
  return {
    env: {
      SUPABASE_URL: 'http://kong:8000',
      SUPABASE_ANON_KEY: config.auth.anon_key,
      SUPABASE_SERVICE_ROLE_KEY: config.auth.service_role_key,
      SUPABASE_DB_URL: inputs.dbUrl,
      SUPABASE_INTERNAL_JWT_SECRET: config.auth.jwt_secret,
      SUPABASE_INTERNAL_HOST_PORT: config.api.port,
      SUPABASE_INTERNAL_FUNCTIONS_PATH: CONTAINER_FUNCTIONS,
      ...(inputs.debug ? { SUPABASE_INTERNAL_DEBUG: 'true' } : {}),
      SUPABASE_INTERNAL_FUNCTIONS_CONFIG: JSON.stringify(functionsConfig),
      ...inputs.userEnv,
    },
    entrypoint: ['sh', '-c', `mkdir -p ${CONTAINER_HOME}/main && cat <<'EOF' > ${CONTAINER_HOME}/main/index.ts && ${command.join(' ')}\n${MAIN_ROUTER}EOF\n`],
    exposed: [EDGE_RUNTIME_PORT],
    volumes: [{ volume: volumeNames(ctx.projectId).edgeRuntime, target: '/root/.cache/deno' }],
    binds,
    extraHosts: ['host.docker.internal:host-gateway'],
    restart: 'no',
    logsToVector: true,
  };
}

/** An import map's mounts: the map (rewritten to supabase/.temp/import_maps/ when it names local modules) and those modules. */
function importMapBinds(root: string, hostFile: string, containerFile: string): string[] {
  const mapped = containerImportMap(root, hostFile);
  let mounted = hostFile;
  if (mapped.rewritten) {
    mounted = tempImportMap(root, hostFile);
    writeFileSync(mounted, mapped.text);
  }
  return [...mapped.modules.map((module) => `${module.host}:${module.container}:ro,z`), `${mounted}:${containerFile}:ro,z`];
}

/** Without supabase/functions/import_map.json the container still gets an empty map, as in the original. */
function emptyFallbackMap(root: string): string {
  const file = tempImportMap(root, inProject(root, FALLBACK_IMPORT_MAP));
  writeFileSync(file, '{"imports":{}}');
  return file;
}

/** `supabase/.temp/import_maps/<sha256 of the original path>.json`, its folder made. */
function tempImportMap(root: string, hostFile: string): string {
  const dir = inProject(root, IMPORT_MAPS_DIR);
  mkdirSync(dir, { recursive: true });
  return path.join(dir, `${pathHash(hostFile)}.json`);
}
