/**
 * Running one planned service of the stack: its named volumes and container created, the
 * container started (a taken port named with its config key), and where its readiness is probed.
 * Shared by start and by the database's recreation in `db reset`.
 */
import type Docker from 'dockerode';
import { TaskError, messageOf } from '../task-error.js';
import { createOptions } from './container-spec.js';
import { ensureVolume } from './docker-resources.js';
import { isPortClash, portInUse } from './docker-errors.js';
import type { waitUntilReady } from './readiness-probe.js';
import type { PlannedService } from './start-plan.js';
import type { ServiceContext } from './services/service-plugin.js';

/** Creates a service's volumes and container, then starts it; a port clash becomes one clear error. */
export async function runContainer(docker: Docker, service: PlannedService, ctx: ServiceContext, env: NodeJS.ProcessEnv): Promise<void> {
  const spec = service.spec!;
  // The original leaves volume creation to the engine on Bitbucket pipelines, which forbid labels there.
  if (!env.BITBUCKET_CLONE_DIR) {
    for (const volume of new Set((spec.volumes ?? []).map((mount) => mount.volume))) await ensureVolume(docker, ctx.projectId, volume);
  }
  const container = await docker.createContainer(createOptions(service.plugin, spec, ctx, service.image)).catch((err: unknown) => {
    throw new TaskError(`failed to create docker container ${service.container}: ${messageOf(err)}`, undefined, { cause: err });
  });
  try {
    await container.start();
  } catch (err) {
    const clash = isPortClash(err) ? spec.ports?.find((port) => messageOf(err).includes(String(port.host))) ?? spec.ports?.[0] : undefined;
    if (clash) throw await portInUse(docker, clash, err);
    throw new TaskError(`failed to start docker container: ${messageOf(err)}`, undefined, { cause: err });
  }
}

/** What the readiness probe of a started service needs. */
export function probeTarget(service: PlannedService, ctx: ServiceContext): Parameters<typeof waitUntilReady>[1] {
  return { container: service.container, spec: service.spec!, host: ctx.host, password: ctx.config.db.password };
}
