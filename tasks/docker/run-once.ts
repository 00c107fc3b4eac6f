/**
 * A one-shot container on the project network, as the original runs a service image to migrate
 * the database: created with the project labels (so a failed start's clean-up finds it), run to
 * its end with its output followed line by line while it runs, and removed whatever happened. A
 * non-zero exit is the original's `error running container: exit <code>`, carrying the last lines
 * the container wrote so the caller can show why.
 */
import type Docker from 'dockerode';
import { TaskError, messageOf } from '../task-error.js';
import { networkName, projectLabels } from './docker-names.js';
import { followLines, type OutputLine } from './output-lines.js';

export interface RunOnceSpec {
  image: string;
  env: Record<string, string | number | boolean>;
  cmd: string[];
  projectId: string;
}

/** The container ended with a non-zero status. */
export class RunOnceError extends TaskError {
  constructor(
    readonly exitCode: number,
    /** Its last output lines, stdout and stderr in the order written. */
    readonly lastLines: OutputLine[],
  ) {
    super(`error running container: exit ${exitCode}`);
    this.name = 'TaskError';
  }
}

/** Runs the container to its end; `onLine` gets each line it writes, as it writes it. */
export async function runOnce(docker: Docker, spec: RunOnceSpec, onLine: (line: OutputLine) => void): Promise<void> {
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
    // Followed from the start of the log, so nothing written before the stream opened is lost;
    // the stream ends when the container does.
    const stream = (await container.logs({ follow: true, stdout: true, stderr: true })) as unknown as NodeJS.ReadableStream;
    const lastLines = await followLines(docker, stream, onLine);
    const { StatusCode: code } = (await container.wait()) as { StatusCode: number };
    if (code !== 0) throw new RunOnceError(code, lastLines);
  } catch (err) {
    if (err instanceof TaskError) throw err;
    throw new TaskError(`failed to run docker container: ${messageOf(err)}`, undefined, { cause: err });
  } finally {
    await container.remove({ force: true }).catch(() => undefined);
  }
}
