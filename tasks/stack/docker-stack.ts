/**
 * The stack machine's tasks on the docker runtime: every service is a container; the runtime's
 * per-service outcomes become the services' events, and unhealthy services a HEALTH_TIMEOUT that
 * the machine turns into failure, or into a running stack with --ignore-health-check.
 */
import type { StackService } from '../../machines/service.machine.js';
import type { Outcome } from '../orchestration/orchestration-types.js';
import { dockerRuntime, type DockerStatus } from '../docker/docker-runtime.js';
import { dockerClient } from '../docker/docker-client.js';
import { projectVolumes } from '../docker/docker-resources.js';
import type { RuntimeReality, StackRuntime } from './stack-runtime.js';
import { reopenServices } from './service-reopen.js';

const EVENT_BY_OUTCOME = {
  started: 'SERVICE_STARTING',
  healthy: 'SERVICE_HEALTHY',
  unhealthy: 'SERVICE_UNHEALTHY',
  excluded: 'SERVICE_EXCLUDED',
  disabled: 'SERVICE_EXCLUDED',
} as const;

function realityOf(status: DockerStatus, projectId: string, dataKept: boolean): RuntimeReality {
  const db = status.services.find((service) => service.service === 'db');
  return {
    running: status.running,
    healthy: db?.healthy === true,
    dataKept,
    dataLocation: `docker volumes labelled com.supabase.cli.project=${projectId}`,
    services: new Set(status.services.filter((service) => service.healthy).map((service) => service.service as StackService)),
  };
}

export const dockerStack: StackRuntime = {
  name: 'docker',

  plugins(project, options) {
    const projectId = project.config.project_id;
    return {
      'stack.start': {
        title: 'Starting the local stack (docker)',
        run: async (step) => {
          reopenServices(step);
          step.record({ type: 'SERVICE_STARTING', data: { service: 'db' } });
          const result = await dockerRuntime.start(project, {
            env: project.env,
            exclude: options.exclude,
            ignoreHealthCheck: options.ignoreHealthCheck,
            // In a terminal the runtime's steps are drawn under this task; otherwise their titles are these lines.
            reporter: { status: options.onStatus, notice: options.onNotice },
          });
          const services: Outcome[] = result.services.map((service) => ({
            type: EVENT_BY_OUTCOME[service.outcome],
            data: { service: service.service, detail: service.reason ?? service.outcome },
          }));
          const unhealthy = result.services.filter((service) => service.outcome === 'unhealthy').map((service) => service.container);
          return [...services, unhealthy.length > 0 ? { type: 'HEALTH_TIMEOUT', data: { services: unhealthy } } : { type: 'STARTED' }];
        },
      },
      'stack.stop': {
        title: 'Stopping the local stack',
        run: async () => {
          const { volumesKept } = await dockerRuntime.stop(projectId, { backup: true, env: project.env });
          return { type: 'STOPPED', data: { dataKept: volumesKept.length > 0 } };
        },
      },
      'stack.delete-data': {
        title: 'Deleting the local data',
        run: async () => {
          await dockerRuntime.destroyData(projectId, { env: project.env });
          return { type: 'DATA_DELETED' };
        },
      },
    };
  },

  async reality(project) {
    const status = await dockerRuntime.status(project.config.project_id, project.config, { env: project.env, root: project.root });
    const volumes = await projectVolumes(dockerClient(project.env), project.config.project_id);
    return realityOf(status, project.config.project_id, volumes.length > 0);
  },

  async stopById(projectId, backup, env) {
    const { volumesKept } = await dockerRuntime.stop(projectId, { backup, env });
    return realityOf({ running: false, services: [] }, projectId, volumesKept.length > 0);
  },
};
