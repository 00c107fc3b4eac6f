/**
 * Where the native runtime keeps its clusters. Data lives outside the project tree, because
 * `unlink` deletes supabase/.temp and the project folder may be a synced or shared folder:
 *
 * - SUPABASE_NATIVE_HOME, when set;
 * - as root, /var/lib/supabase/native: the server runs as an unprivileged user, which cannot
 *   enter /root (mode 0700);
 * - otherwise ~/.supabase/native.
 *
 * One folder per project id (the same key the docker runtime names its volumes with).
 */
import os from 'node:os';
import path from 'node:path';
import { TaskError } from '../task-error.js';

/** The folder holding every project's cluster, the template cache and overlay installs. */
export function nativeHome(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SUPABASE_NATIVE_HOME) return path.resolve(env.SUPABASE_NATIVE_HOME);
  if (process.getuid?.() === 0) return '/var/lib/supabase/native';
  return path.join(os.homedir(), '.supabase', 'native');
}

export interface ClusterPaths {
  /** `<home>/<project_id>`: everything of one project; removing it destroys the data. */
  root: string;
  /** PGDATA. */
  dataDir: string;
  /** The server's log (stdout and stderr). */
  logFile: string;
  /** Written when the first start completed (bootstrap, migrations, seed); see native-runtime.ts. */
  readyMarker: string;
  /** Held while a command starts, stops or deletes this cluster. */
  lockDir: string;
  /**
   * The server's pid, recorded at its launch outside PGDATA: with the data folder deleted under
   * a running server, postmaster.pid goes with it, and stop would not find the server.
   */
  serverRecord: string;
}

/**
 * The paths of one project's cluster. The id becomes a folder name under the native home, so one
 * that is empty or could step out of it (`../x`, `a/b`) is refused: `stop --project-id ../..
 * --no-backup` must never delete anything but a cluster.
 */
export function clusterPaths(projectId: string, env: NodeJS.ProcessEnv = process.env): ClusterPaths {
  if (!projectId || projectId === '.' || projectId === '..' || /[/\\\0]/.test(projectId)) {
    throw new TaskError(`invalid project id "${projectId}": it names the project's folder of local data, so it cannot be empty, "." or "..", or contain "/"`, 'Use the project_id of supabase/config.toml, such as my-app.');
  }
  const root = path.join(nativeHome(env), projectId);
  return {
    root,
    dataDir: path.join(root, 'data'),
    logFile: path.join(root, 'postgres.log'),
    readyMarker: path.join(root, 'ready.json'),
    lockDir: path.join(root, '.lock'),
    serverRecord: path.join(root, 'postgres.pid.json'),
  };
}
