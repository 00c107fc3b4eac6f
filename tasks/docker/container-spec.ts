/**
 * The shared builder: turns what a service plugin says into an Engine API create request, adding
 * the parts every container of the stack has (name, labels, project network and aliases, ports
 * published on every interface of the engine's host, restart policy, health check timings, syslog
 * to vector), as the original's DockerStart does.
 */
import type Docker from 'dockerode';
import { networkName, projectLabels } from './docker-names.js';
import type { ServiceContainer, ServiceContext, ServicePlugin } from './services/service-plugin.js';

const SECOND_NS = 1_000_000_000;

/** Services whose logs go to vector when analytics is enabled (set by `logsToVector`). */
function logConfig(ctx: ServiceContext, container: ServiceContainer): Docker.HostConfig['LogConfig'] {
  if (!ctx.config.analytics.enabled || !container.logsToVector) return undefined;
  return { Type: 'syslog', Config: { 'syslog-address': `tcp://${ctx.host}:${ctx.config.analytics.vector_port}`, tag: '{{.Name}}' } };
}

/** The create request for a service's container. */
export function createOptions(plugin: ServicePlugin, container: ServiceContainer, ctx: ServiceContext, image: string): Docker.ContainerCreateOptions {
  const exposed: Record<string, object> = {};
  const bindings: Record<string, Array<{ HostPort: string }>> = {};
  for (const port of container.exposed ?? []) exposed[`${port}/tcp`] = {};
  for (const port of container.ports ?? []) {
    exposed[`${port.container}/tcp`] = {};
    // No host address, as in the original: a remote engine's ports must answer at its DOCKER_HOST
    // host, which a binding to its 127.0.0.1 would hide.
    bindings[`${port.container}/tcp`] = [{ HostPort: String(port.host) }];
  }
  const binds = [...(container.volumes ?? []).map((mount) => `${mount.volume}:${mount.target}`), ...(container.binds ?? [])];
  return {
    name: plugin.containerName(ctx.projectId),
    Image: image,
    Hostname: container.hostname,
    Env: Object.entries(container.env ?? {}).map(([key, value]) => `${key}=${value}`),
    Entrypoint: container.entrypoint,
    Cmd: container.cmd,
    Labels: projectLabels(ctx.projectId),
    ExposedPorts: exposed,
    Healthcheck: container.healthcheck
      ? {
          Test: container.healthcheck,
          Interval: 10 * SECOND_NS,
          Timeout: 2 * SECOND_NS,
          Retries: 3,
          StartPeriod: Math.round((container.healthStartPeriodMs ?? 0) * 1_000_000),
        }
      : undefined,
    HostConfig: {
      NetworkMode: networkName(ctx.projectId),
      PortBindings: bindings,
      Binds: binds,
      RestartPolicy: { Name: container.restart ?? 'always' },
      ExtraHosts: container.extraHosts,
      VolumesFrom: container.volumesFrom,
      LogConfig: logConfig(ctx, container),
      // An init process forwards SIGTERM, so `stop` does not wait out its timeout on an image whose
      // main process ignores signals as PID 1.
      Init: true,
    },
    NetworkingConfig: { EndpointsConfig: { [networkName(ctx.projectId)]: { Aliases: plugin.aliases } } },
  };
}
