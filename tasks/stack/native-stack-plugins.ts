/**
 * The stack machine's tasks on the native runtime: the database runs as a PostgreSQL process;
 * every other service exists only as a container image, so it is recorded as unavailable (or
 * excluded, when the user left it out), never pretended.
 */
import { STACK_SERVICES, type StackService } from '../../machines/service.machine.js';
import type { ProjectConfig } from '../project/config.types.js';
import type { Outcome, TaskPlugin } from '../orchestration/orchestration-types.js';
import { nativeRuntime, type NativeStartResult } from '../native/native-runtime.js';
import { excludedServices } from './service-names.js';

export interface NativeStackProject {
  root: string;
  config: ProjectConfig;
  env: NodeJS.ProcessEnv;
}

export interface NativeStackOptions {
  /** Short image names given with -x/--exclude. */
  exclude: readonly string[];
  /** Lines the original prints while starting (`Starting database...`). */
  onStatus?: (message: string) => void;
  /** Notices such as `Applying migration ...`. */
  onNotice?: (message: string) => void;
  /** Receives the runtime's result once the database is up. */
  onStarted?: (result: NativeStartResult) => void;
}

/** The plugins for `stack.start`, `stack.stop` and `stack.delete-data` on the native runtime. */
export function nativeStackPlugins(project: NativeStackProject, options: NativeStackOptions): Record<string, TaskPlugin> {
  const projectId = project.config.project_id;
  const runtimeOptions = { env: project.env };
  return {
    'stack.start': {
      title: 'Starting the local stack (native PostgreSQL)',
      run: async (step) => {
        const excluded = excludedServices(project.config, options.exclude);
        step.record(
          STACK_SERVICES.filter((service) => service !== 'db').map((service): Outcome => ({
            type: excluded.has(service) ? 'SERVICE_EXCLUDED' : 'SERVICE_UNAVAILABLE',
            data: { service, detail: excluded.has(service) ? 'excluded' : 'only available as a container image' },
          })),
        );
        step.record({ type: 'SERVICE_STARTING', data: { service: 'db' } });
        const result = await nativeRuntime.start(project, {
          ...runtimeOptions,
          reporter: {
            status: (message) => {
              step.task.output = message;
              options.onStatus?.(message);
            },
            notice: (message) => options.onNotice?.(message),
          },
        });
        options.onStarted?.(result);
        return [{ type: 'SERVICE_HEALTHY', data: { service: 'db', detail: `pid ${result.pid}, port ${result.port}` } }, { type: 'STARTED' }];
      },
    },
    'stack.stop': {
      title: 'Stopping the local stack',
      run: async () => {
        await nativeRuntime.stop(projectId, runtimeOptions);
        const status = await nativeRuntime.status(projectId, undefined, runtimeOptions);
        return [serviceStopped('db'), { type: 'STOPPED', data: { dataKept: status.state !== 'absent' } }];
      },
    },
    'stack.delete-data': {
      title: 'Deleting the local data',
      run: async () => {
        await nativeRuntime.destroyData(projectId, runtimeOptions);
        return { type: 'DATA_DELETED' };
      },
    },
  };
}

function serviceStopped(service: StackService): Outcome {
  return { type: 'SERVICE_STOPPED', data: { service } };
}
