/**
 * Runs the local platform API as a supervised process of the native stack
 * (native/supervised-process.ts). Its pid, log, settings and sessions sit in the project's native
 * folder (platform-paths.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectConfig } from '../project/config.types.js';
import { baseChildEnv, httpAnswers, jsonBody, launchService, nodeEntry, serviceStatus, stopService, type ServiceKind } from '../native/supervised-process.js';
import { packageFileSync } from '../package-folder.js';
import { platformPaths } from './platform-paths.js';
import { HEALTH_SERVICE } from './platform-server.js';
import { settingsFromConfig, writeSettings } from './platform-settings.js';

/** Options of startPlatformApi. */
export interface StartPlatformOptions {
  /** The project folder, where the Studio saves snippets (supabase/snippets/); the server's own files live in the native home. */
  root?: string;
  config: ProjectConfig;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the server to answer. */
  timeoutMs?: number;
}

/** A running platform API. */
export interface PlatformApiHandle {
  url: string;
  pid: number;
}

/** What platformApiStatus finds: `unresponsive` is our process alive but not answering. */
export interface PlatformApiStatus {
  state: 'running' | 'unresponsive' | 'stopped';
  pid?: number;
  url?: string;
}

/** The platform API of `projectId`: its health path names the service and the project. */
function platformKind(projectId: string): ServiceKind {
  return {
    title: 'the local platform API',
    marker: 'platform-server-main',
    answers: (url) => httpAnswers(`${url}/health`, jsonBody((body) => body.service === HEALTH_SERVICE && body.project_id === projectId)),
  };
}

/** dist/studio (scripts/bundle-studio.js), or undefined when the Studio was not built. */
function studioAssets(): string | undefined {
  try {
    return path.dirname(packageFileSync('dist/studio/index.js'));
  } catch {
    return undefined;
  }
}

/** The state of a project's platform API. */
export async function platformApiStatus(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<PlatformApiStatus> {
  return serviceStatus(platformPaths(projectId, env), platformKind(projectId));
}

/** Stops a project's platform API (SIGTERM, then SIGKILL after 5 s); true when one was running. */
export async function stopPlatformApi(projectId: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  return stopService(platformPaths(projectId, env), platformKind(projectId));
}

/**
 * Starts the platform API of a project on its `[studio] port`, replacing one already running
 * (sessions are kept: they live in a file), and waits until it answers.
 */
export async function startPlatformApi(options: StartPlatformOptions): Promise<PlatformApiHandle> {
  const { config } = options;
  const env = options.env ?? process.env;
  const paths = platformPaths(config.project_id, env);
  await mkdir(paths.root, { recursive: true });
  const kind = platformKind(config.project_id);
  // Stopped before its settings are rewritten, so a running one never reads half a file.
  await stopService(paths, kind);
  const settings = settingsFromConfig(config, { env, sessionsFile: paths.sessionsFile, projectRoot: options.root, studioAssets: studioAssets() });
  await writeSettings(paths.settingsFile, settings);
  return launchService(paths, kind, {
    args: nodeEntry('tasks/local-platform-api/platform-server-main', [paths.settingsFile]),
    // Only what node and tsx need: the server reads its secrets from the settings file instead.
    env: baseChildEnv(env),
    url: `http://${settings.host}:${settings.port}`,
    ports: [{ port: settings.port, host: settings.host, setBy: '[studio] port in supabase/config.toml', alternative: 'configure a different [studio] port in supabase/config.toml' }],
    timeoutMs: options.timeoutMs,
    // Taken at its word once it listens, not probed every 20 ms while Node and its modules load.
    readySignal: true,
  });
}
