/**
 * Files of the local platform API, kept beside the project's native cluster (native-paths.ts):
 * outside the project tree, and gone with the rest when the local data is deleted.
 */
import path from 'node:path';
import { clusterPaths } from '../native/native-paths.js';

/** The files of one project's platform API process. */
export interface PlatformPaths {
  /** The project's native folder (created by the runtime; created here too if missing). */
  root: string;
  /** `{pid, port, url}` of the running server. */
  pidFile: string;
  /** The server's stdout and stderr. */
  logFile: string;
  /** The launch settings (0600: holds the local API keys). */
  settingsFile: string;
  /** Session hashes (0600). */
  sessionsFile: string;
}

/** The platform API files of a project. */
export function platformPaths(projectId: string, env: NodeJS.ProcessEnv = process.env): PlatformPaths {
  const { root } = clusterPaths(projectId, env);
  return {
    root,
    pidFile: path.join(root, 'platform-api.pid.json'),
    logFile: path.join(root, 'platform-api.log'),
    settingsFile: path.join(root, 'platform-api.settings.json'),
    sessionsFile: path.join(root, 'platform-api.sessions.json'),
  };
}
