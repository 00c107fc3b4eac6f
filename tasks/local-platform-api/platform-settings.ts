/**
 * What the local platform API serves, fixed when `supabase start` launches it. The server runs
 * detached, so it gets these from a 0600 file rather than argv or its environment: argv is
 * readable by every user on the machine, and the file also holds the local API keys.
 */
import { chmod, readFile, writeFile } from 'node:fs/promises';
import type { ProjectConfig } from '../project/config.types.js';
import { localDbUrl } from '../keys/status-values.js';
import { TaskError } from '../task-error.js';

/** The docs site's local origins (`gatsby develop` and `gatsby serve`), used when no override is set. */
export const DEFAULT_DOCS_ORIGINS: readonly string[] = ['http://localhost:8000', 'http://localhost:9000'];

/**
 * What the Studio page is handed (studio-page.ts): the local stack's addresses and secrets, the
 * project folder its snippets are saved in, and where the built application lies.
 */
export interface StudioSettings {
  /** `http://<hostname>:<api port>`, which the page calls for REST (and later Auth, Storage). */
  apiUrl: string;
  graphqlUrl: string;
  dbUrl: string;
  jwtSecret: string;
  /** The project folder; undefined when the server was started without one (no snippets then). */
  projectRoot?: string;
  /** dist/studio of this package; undefined when it was not built (the page says so). */
  assetsDir?: string;
}

/** Everything the server process needs; written by platform-process.ts, read by the entry. */
export interface PlatformSettings {
  projectId: string;
  /** Interface the server binds; loopback only, the sessions grant the service_role key. */
  host: string;
  /** The `[studio] port`: no studio container runs on the native runtime. */
  port: number;
  /** `host:port` of the local API gateway, as the hosted `endpoint` field spells it. */
  apiEndpoint: string;
  dbSchemas: string[];
  realtimeEnabled: boolean;
  anonKey: string;
  serviceRoleKey: string;
  /** Normalised origins (scheme://host[:port]) allowed for CORS and as login redirect targets. */
  docsOrigins: string[];
  /** The 0600 file keeping session hashes across restarts. */
  sessionsFile: string;
  /** When this launch happened (ISO), shown as the project's `inserted_at`. */
  startedAt: string;
  /** Absent in a settings file written before the Studio was served: `/` then says to start again. */
  studio?: StudioSettings;
}

/** `scheme://host[:port]` of a URL, or undefined when the text is not an http(s) URL. */
export function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The allowed docs origins: SUPABASE_DOCS_ORIGINS (comma list) replaces the defaults, so a
 * developer can serve the docs elsewhere without every default staying trusted.
 */
export function docsOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  const raw = env.SUPABASE_DOCS_ORIGINS?.trim();
  if (!raw) return [...DEFAULT_DOCS_ORIGINS];
  const origins: string[] = [];
  for (const item of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const origin = originOf(item);
    if (!origin) throw new TaskError(`failed to read SUPABASE_DOCS_ORIGINS: "${item}" is not an http(s) origin`, 'Use a comma-separated list such as http://localhost:8000,https://docs.example.test');
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** The settings of one launch, from a loaded project config. */
export function settingsFromConfig(
  config: ProjectConfig,
  options: { env?: NodeJS.ProcessEnv; sessionsFile: string; now?: Date; projectRoot?: string; studioAssets?: string },
): PlatformSettings {
  const apiUrl = `http://${config.hostname || '127.0.0.1'}:${config.api.port}`;
  return {
    projectId: config.project_id,
    host: '127.0.0.1',
    port: config.studio.port,
    apiEndpoint: `${config.hostname || '127.0.0.1'}:${config.api.port}`,
    dbSchemas: [...config.api.schemas],
    realtimeEnabled: config.realtime.enabled,
    anonKey: config.auth.anon_key,
    serviceRoleKey: config.auth.service_role_key,
    docsOrigins: docsOrigins(options.env),
    sessionsFile: options.sessionsFile,
    startedAt: (options.now ?? new Date()).toISOString(),
    studio: {
      apiUrl,
      graphqlUrl: `${apiUrl}/graphql/v1`,
      dbUrl: localDbUrl(config),
      jwtSecret: config.auth.jwt_secret,
      projectRoot: options.projectRoot,
      assetsDir: options.studioAssets,
    },
  };
}

/** Writes the settings file, readable by its owner only. */
export async function writeSettings(file: string, settings: PlatformSettings): Promise<void> {
  await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
  // The mode only applies when the file is created; an older copy may have been widened.
  await chmod(file, 0o600);
}

/** Reads and checks a settings file; a broken one stops the server before it listens. */
export async function readSettings(file: string): Promise<PlatformSettings> {
  const value = JSON.parse(await readFile(file, 'utf8')) as Partial<PlatformSettings>;
  const missing = (['projectId', 'host', 'port', 'apiEndpoint', 'anonKey', 'serviceRoleKey', 'docsOrigins', 'sessionsFile', 'startedAt'] as const).filter(
    (key) => value[key] === undefined,
  );
  if (missing.length > 0) throw new Error(`settings file ${file} lacks ${missing.join(', ')}`);
  return { dbSchemas: ['public'], realtimeEnabled: true, ...value } as PlatformSettings;
}
