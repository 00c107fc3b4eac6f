/**
 * The stack machine's tasks on the native runtime: the database runs as a PostgreSQL process with,
 * beside it, the pg_net worker (when the cluster offers our pg_net) and, on the studio port, the
 * local platform API (what the docs site's API-settings widget reads);
 * every other service exists only as a container image, so it is recorded as unavailable (or
 * excluded, when the user left it out), never pretended.
 */
import { STACK_SERVICES, type StackService } from '../../machines/service.machine.js';
import type { Outcome } from '../orchestration/orchestration-types.js';
import { nativeRuntime, type NativeStatus } from '../native/native-runtime.js';
import { excludedServices } from './service-names.js';
import { platformApiStatus, startPlatformApi, stopPlatformApi } from '../platform-api/platform-process.js';
import { ensurePgNetWorker, stopPgNetWorker } from '../pg-net/pg-net-process.js';
import type { RuntimeReality, StackRuntime } from './stack-runtime.js';

function realityOf(status: NativeStatus): RuntimeReality {
  const running = status.state === 'running';
  return {
    running,
    healthy: running && status.healthy,
    dataKept: status.state !== 'absent',
    dataLocation: status.dataDir,
    services: new Set<StackService>(running && status.healthy ? ['db'] : []),
  };
}

export const nativeStack: StackRuntime = {
  name: 'native',

  plugins(project, options) {
    const projectId = project.config.project_id;
    const runtimeOptions = { env: project.env };
    return {
      'stack.start': {
        title: 'Starting the local stack (native PostgreSQL)',
        run: async (step) => {
          const excluded = excludedServices(project.config, options.exclude);
          // Studio itself is a container image; its port serves the local platform API instead.
          const platform = !excluded.has('studio');
          step.record(
            STACK_SERVICES.filter((service) => service !== 'db' && !(platform && service === 'studio')).map((service): Outcome => ({
              type: excluded.has(service) ? 'SERVICE_EXCLUDED' : 'SERVICE_UNAVAILABLE',
              data: { service, detail: excluded.has(service) ? 'excluded' : 'only available as a container image' },
            })),
          );
          step.record({ type: 'SERVICE_STARTING', data: { service: 'db' } });
          const result = await nativeRuntime.start(project, {
            ...runtimeOptions,
            step: step.runStep,
            onApplied: (file) => step.record({ stream: 'migrations:local', type: 'MIGRATION_APPLIED', data: { version: file.version, name: file.name } }),
            reporter: {
              status: (message) => {
                step.task.output = message;
                options.onStatus?.(message);
              },
              notice: (message) => options.onNotice?.(message),
            },
          });
          const outcomes: Outcome[] = [{ type: 'SERVICE_HEALTHY', data: { service: 'db', detail: `pid ${result.pid}, port ${result.port}` } }];
          if (platform) step.record({ type: 'SERVICE_STARTING', data: { service: 'studio' } });
          // Side by side: the platform API, and the worker that sends pg_net's requests (when the
          // cluster offers our pg_net).
          const [api] = await Promise.all([
            platform ? startPlatformApi({ root: project.root, config: project.config, env: project.env }) : undefined,
            ensurePgNetWorker({ projectId, port: result.port, env: project.env }),
          ]);
          if (api) outcomes.push({ type: 'SERVICE_HEALTHY', data: { service: 'studio', detail: `local platform API at ${api.url}` } });
          return [...outcomes, { type: 'STARTED' }];
        },
      },
      'stack.stop': {
        title: 'Stopping the local stack',
        run: async () => {
          const [platformStopped] = await Promise.all([stopPlatformApi(projectId, project.env), stopPgNetWorker(projectId, project.env)]);
          await nativeRuntime.stop(projectId, runtimeOptions);
          const status = await nativeRuntime.status(projectId, undefined, runtimeOptions);
          return [
            ...(platformStopped ? [{ type: 'SERVICE_STOPPED', data: { service: 'studio' } }] : []),
            { type: 'SERVICE_STOPPED', data: { service: 'db' } },
            { type: 'STOPPED', data: { dataKept: status.state !== 'absent' } },
          ];
        },
      },
      'stack.delete-data': {
        title: 'Deleting the local data',
        run: async () => {
          await Promise.all([stopPlatformApi(projectId, project.env), stopPgNetWorker(projectId, project.env)]);
          await nativeRuntime.destroyData(projectId, runtimeOptions);
          return { type: 'DATA_DELETED' };
        },
      },
    };
  },

  async reality(project) {
    const reality = realityOf(await nativeRuntime.status(project.config.project_id, project.config, { env: project.env }));
    const platform = await platformApiStatus(project.config.project_id, project.env);
    return platform.state === 'running' ? { ...reality, services: new Set([...reality.services, 'studio' as const]) } : reality;
  },

  async stopById(projectId, backup, env) {
    await Promise.all([stopPlatformApi(projectId, env), stopPgNetWorker(projectId, env)]);
    await nativeRuntime.stop(projectId, { env });
    if (!backup) await nativeRuntime.destroyData(projectId, { env });
    return realityOf(await nativeRuntime.status(projectId, undefined, { env }));
  },
};
