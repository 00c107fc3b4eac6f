/**
 * The docker runtime of the local stack: the same functions as the native runtime (start, stop,
 * status, destroyData) over the Docker Engine API, with the original's containers, names, labels,
 * network, volumes and ports. Progress goes to callbacks and results come back as data; printing,
 * the journal and the state machine stay with the caller. The start and its steps: docker-start.ts.
 */
import type { ProjectConfig } from '../project/config.types.js';
import { localDbUrl } from '../keys/status-values.js';
import { TaskError, messageOf } from '../task-error.js';
import { DOCKER_SUGGESTION, dockerClient, isEngineAvailable, statusCodeOf } from './docker-client.js';
import { projectContainers, projectVolumes, removeProject } from './docker-resources.js';
import { probeOnce } from './readiness-probe.js';
import { start } from './docker-start.js';
import { serviceContext } from './start-plan.js';
import { SERVICES } from './services/index.js';
import type { ServiceContainer, ServiceContext, ServiceId, ServicePlugin } from './services/service-plugin.js';

export type { DockerProject, DockerReporter, DockerStartOptions, DockerStartResult, ServiceOutcome, ServiceResult } from './docker-start.js';
export { start };

export interface DockerServiceStatus {
  service: ServiceId;
  container: string;
  /** The engine's container state (`running`, `exited`, ...) or `absent`. */
  state: string;
  /** Running and answering its readiness probe right now. */
  healthy: boolean;
}

export interface DockerStatus {
  /** The db container is running. */
  running: boolean;
  dbUrl?: string;
  services: DockerServiceStatus[];
}

/** Stops and removes the project's containers and network; with `backup: false` its volumes too. */
export async function stop(projectId: string, options: { backup: boolean; env?: NodeJS.ProcessEnv }): Promise<{ stopped: string[]; volumesKept: string[] }> {
  const docker = dockerClient(options.env ?? process.env);
  const stopped = await withEngine('failed to stop containers', () => removeProject(docker, projectId, options.backup));
  return { stopped, volumesKept: options.backup ? await projectVolumes(docker, projectId) : [] };
}

/** Where each service of the project stands; `healthy` is one probe, no waiting. */
export async function status(projectId: string, config: ProjectConfig, options: { env?: NodeJS.ProcessEnv; root?: string } = {}): Promise<DockerStatus> {
  const docker = dockerClient(options.env ?? process.env);
  const ctx = serviceContext({ ...config, project_id: projectId }, options.root ?? process.cwd());
  const containers = await withEngine('failed to inspect database container', () => projectContainers(docker, projectId));
  const services = await Promise.all(
    SERVICES.map(async (plugin): Promise<DockerServiceStatus> => {
      const container = plugin.containerName(projectId);
      const info = containers.find((candidate) => candidate.Names.some((name) => name.replace(/^\//, '') === container));
      const state = info?.State ?? 'absent';
      let healthy = false;
      if (state === 'running' && plugin.enabled(ctx.config)) {
        // A spec that cannot be described now (edge runtime with a broken functions .env, say) is not healthy.
        const spec = describeQuietly(plugin, ctx);
        healthy = spec ? await probeOnce(docker, { container, spec, host: ctx.host, password: config.db.password }).catch(() => false) : false;
      }
      return { service: plugin.id, container, state, healthy };
    }),
  );
  const db = services.find((service) => service.service === 'db')!;
  const running = db.state === 'running';
  return { running, dbUrl: running ? localDbUrl({ hostname: ctx.host, db: config.db }) : undefined, services };
}

function describeQuietly(plugin: ServicePlugin, ctx: ServiceContext): ServiceContainer | undefined {
  try {
    return plugin.container(ctx);
  } catch {
    return undefined;
  }
}

/** Removes everything of the project, data included. */
export async function destroyData(projectId: string, options: { env?: NodeJS.ProcessEnv } = {}): Promise<{ removed: boolean }> {
  const docker = dockerClient(options.env ?? process.env);
  const hadVolumes = (await withEngine('failed to list volumes', () => projectVolumes(docker, projectId))).length > 0;
  await removeProject(docker, projectId, false);
  return { removed: hadVolumes };
}

/** The functions above as one object, the same shape as `nativeRuntime`. */
export const dockerRuntime = { start, stop, status, destroyData, isEngineAvailable };

export { isEngineAvailable };

/** Runs an engine call, turning "cannot reach the engine" into the original's message and suggestion. */
async function withEngine<T>(verb: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (statusCodeOf(err) !== undefined) throw err;
    throw new TaskError(`${verb}: ${messageOf(err)}`, DOCKER_SUGGESTION, { cause: err });
  }
}

