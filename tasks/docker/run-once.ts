/**
 * A one-shot container on the project network, as the original runs a service image to migrate
 * the database: created with the project labels (so a failed start's clean-up finds it), run to
 * its end, its stderr passed on, and removed whatever happened. A non-zero exit is the original's
 * `error running container: exit <code>`.
 */
import type Docker from 'dockerode';
import { TaskError, messageOf } from '../task-error.js';
import { containerLogs } from './container-logs.js';
import { networkName, projectLabels } from './docker-names.js';

export interface RunOnceSpec {
  image: string;
  env: Record<string, string | number | boolean>;
  cmd: string[];
  projectId: string;
}

/** Runs the container to its end; `stderr` gets what it wrote there. */
export async function runOnce(docker: Docker, spec: RunOnceSpec, stderr: (text: string) => void): Promise<void> {
  const container = await docker
    .createContainer({
      Image: spec.image,
      Env: Object.entries(spec.env).map(([key, value]) => `${key}=${value}`),
      Cmd: spec.cmd,
      Labels: projectLabels(spec.projectId),
      HostConfig: { NetworkMode: networkName(spec.projectId) },
    })
    .catch((err: unknown) => {
      throw new TaskError(`failed to create docker container: ${messageOf(err)}`, undefined, { cause: err });
    });
  try {
    await container.start();
    const { StatusCode: code } = (await container.wait()) as { StatusCode: number };
    const logs = (await containerLogs(docker, container.id, 200, { stdout: false })).trim();
    if (logs) stderr(logs);
    if (code !== 0) throw new TaskError(`error running container: exit ${code}`);
  } catch (err) {
    if (err instanceof TaskError) throw err;
    throw new TaskError(`failed to run docker container: ${messageOf(err)}`, undefined, { cause: err });
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}
