/**
 * Files of the local platform API, kept beside the project's native cluster (native-paths.ts):
 * outside the project tree, and gone with the rest when the local data is deleted.
 */
import path from 'node:path';
import { serviceFiles, type ServiceFiles } from '../native/supervised-process.js';

/** The files of one project's platform API process. */
export interface PlatformPaths extends ServiceFiles {
  /** The launch settings (0600: holds the local API keys). */
  settingsFile: string;
  /** Session hashes (0600). */
  sessionsFile: string;
}

/** The platform API files of a project. */
export function platformPaths(projectId: string, env: NodeJS.ProcessEnv = process.env): PlatformPaths {
  const files = serviceFiles(projectId, 'platform-api', env);
  return {
    ...files,
    settingsFile: path.join(files.root, 'platform-api.settings.json'),
    sessionsFile: path.join(files.root, 'platform-api.sessions.json'),
  };
}
