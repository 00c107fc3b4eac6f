/** Errors of the docker runtime with the original's wording and suggestions (a port in use
 * names the project or container holding it). */
import type Docker from 'dockerode';
import { TaskError, messageOf } from '../task-error.js';
import { PROJECT_LABEL } from './docker-names.js';
import type { PublishedPort } from './services/service-plugin.js';

/** A published port is taken; names the port, the config key and, when known, who holds it. */
export class DockerPortInUseError extends TaskError {
  constructor(
    readonly port: number,
    readonly configKey: string,
    holder: { project?: string; container?: string } = {},
    cause?: unknown,
  ) {
    const change = `configure a different ${configKey} in supabase/config.toml`;
    super(
      `failed to start docker container: port ${port} is already in use (set by ${configKey} in supabase/config.toml)`,
      holder.project
        ? `Try stopping the running project with supabase stop --project-id ${holder.project}\nOr ${change}`
        : holder.container
          ? `Try stopping the running container with docker stop ${holder.container}\nOr ${change}`
          : `Try ${change}, or stop the program listening on port ${port}`,
      { cause },
    );
    this.name = 'TaskError';
  }
}

/** Whether an engine error says a published port could not be bound (Docker's and Podman's wording). */
export function isPortClash(err: unknown): boolean {
  return /port is already allocated|address already in use|bind: .*in use/i.test(messageOf(err));
}

/** Builds the port error for a clash, finding a container that publishes the port if there is one. */
export async function portInUse(docker: Docker, port: PublishedPort, cause?: unknown): Promise<DockerPortInUseError> {
  const containers = await docker.listContainers().catch(() => [] as Docker.ContainerInfo[]);
  const holder = containers.find((info) => info.Ports.some((binding) => binding.PublicPort === port.host));
  return new DockerPortInUseError(port.host, port.configKey, {
    project: holder?.Labels[PROJECT_LABEL],
    container: holder?.Names[0]?.replace(/^\//, ''),
  }, cause);
}

/** The service-not-healthy error of the original: `service not healthy: [<names>]`. */
export class ServiceNotHealthyError extends TaskError {
  constructor(
    readonly containers: string[],
    readonly reasons: string[],
  ) {
    super(`service not healthy: [${containers.join(' ')}]`, reasons.join('\n'));
    this.name = 'TaskError';
  }
}
