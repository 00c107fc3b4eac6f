/**
 * The stack machine's tasks on the native runtime: the database runs as a PostgreSQL process and,
 * beside it, the services of native-services.ts (the local platform API on the studio port,
 * postgres-meta, the mail catcher on the inbucket ports) and the worker that sends pg_net's
 * requests (when the cluster offers our pg_net; not a stack service, so not in the journal);
 * every other service exists only as a container image, so it is recorded as unavailable (or
 * excluded, when the user left it out), never pretended.
 */
import { STACK_SERVICES, type StackService } from '../../machines/service.machine.js';
import type { Outcome } from '../orchestration/orchestration-types.js';
import { nativeRuntime, type NativeStatus } from '../native/native-runtime.js';
import { excludedServices } from './service-names.js';
import { reopenServices } from './service-reopen.js';
import { NATIVE_SERVICES, nativeServiceStates, stopNativeServices } from './native-services.js';
import { ensurePgNetWorker, launchPgNetWorker, stopPgNetWorker } from '../pg-net/pg-net-process.js';
import type { LaunchedService } from '../native/supervised-process.js';
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

/** Stops what runs beside the database: the native services (returned when they ran) and the pg_net worker. */
async function stopBeside(projectId: string, env: NodeJS.ProcessEnv): Promise<StackService[]> {
  const [stopped] = await Promise.all([stopNativeServices(projectId, env), stopPgNetWorker(projectId, env)]);
  return stopped;
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
          const services = NATIVE_SERVICES.filter((entry) => !excluded.has(entry.service));
          const served = new Set<StackService>(['db', ...services.map((entry) => entry.service)]);
          step.record(
            STACK_SERVICES.filter((service) => !served.has(service)).map((service): Outcome => ({
              type: excluded.has(service) ? 'SERVICE_EXCLUDED' : 'SERVICE_UNAVAILABLE',
              data: { service, detail: excluded.has(service) ? 'excluded' : 'only available as a container image' },
            })),
          );
          reopenServices(step, served);
          step.record([...served].map((service): Outcome => ({ type: 'SERVICE_STARTING', data: { service } })));
          const notice = (message: string) => options.onNotice?.(message);
          // pg_net's worker is launched with the server, so that loading it overlaps the server's start-up.
          let worker: Promise<LaunchedService> | undefined;
          // The other services need nothing of the database to come up, so they start alongside it;
          // background ones (native-services.ts) once the rest answer.
          const database = nativeRuntime.start(project, {
            ...runtimeOptions,
            step: step.runStep,
            onApplied: (file) => step.record({ stream: 'migrations:local', type: 'MIGRATION_APPLIED', data: { version: file.version, name: file.name } }),
            onServerSpawned: (server) => {
              worker = launchPgNetWorker({ projectId, port: server.port, postmasterPid: server.pid, env: project.env });
              worker.catch(() => undefined); // Reported by ensurePgNetWorker, which awaits it.
            },
            reporter: {
              status: (message) => {
                step.task.output = message;
                options.onStatus?.(message);
              },
              notice,
            },
          }).then(async (result) => {
            // pg_net's requests are sent by a worker beside the server: it has connected before start returns.
            await ensurePgNetWorker({ projectId, port: result.port, env: project.env, launched: worker });
            return result;
          });
          const waited = services.filter((entry) => !entry.background);
          const settled = await Promise.allSettled([database, ...waited.map((entry) => entry.start(project, notice))]);
          const upFirst = settled.every((result) => result.status === 'fulfilled');
          const background = upFirst ? await Promise.allSettled(services.filter((entry) => entry.background).map((entry) => entry.start(project, notice))) : [];
          const failure = [...settled, ...background].find((result) => result.status === 'rejected');
          if (failure) {
            // Nothing half started stays behind: the database stopped itself, the rest stop here.
            await stopBeside(projectId, project.env);
            throw failure.reason;
          }
          const [db, ...details] = settled.map((result) => (result as PromiseFulfilledResult<unknown>).value);
          const result = db as Awaited<typeof database>;
          return [
            { type: 'SERVICE_HEALTHY', data: { service: 'db', detail: `pid ${result.pid}, port ${result.port}` } },
            // A background service stays `starting` in the journal: it has not answered yet.
            ...waited.map((entry, index): Outcome => ({ type: 'SERVICE_HEALTHY', data: { service: entry.service, detail: details[index] as string } })),
            { type: 'STARTED' },
          ];
        },
      },
      'stack.stop': {
        title: 'Stopping the local stack',
        run: async () => {
          const [stopped] = await Promise.all([stopBeside(projectId, project.env), nativeRuntime.stop(projectId, runtimeOptions)]);
          const status = await nativeRuntime.status(projectId, undefined, runtimeOptions);
          return [
            ...stopped.map((service) => ({ type: 'SERVICE_STOPPED', data: { service } })),
            { type: 'SERVICE_STOPPED', data: { service: 'db' } },
            { type: 'STOPPED', data: { dataKept: status.state !== 'absent' } },
          ];
        },
      },
      'stack.delete-data': {
        title: 'Deleting the local data',
        run: async () => {
          await stopBeside(projectId, project.env);
          await nativeRuntime.destroyData(projectId, runtimeOptions);
          return { type: 'DATA_DELETED' };
        },
      },
    };
  },

  async reality(project) {
    const projectId = project.config.project_id;
    const [database, services] = await Promise.all([nativeRuntime.status(projectId, project.config, { env: project.env }), nativeServiceStates(projectId, project.env)]);
    const reality = realityOf(database);
    return {
      ...reality,
      services: new Set([...reality.services, ...services.filter((entry) => entry.state === 'running').map((entry) => entry.service)]),
      exited: new Map(services.filter((entry) => entry.state === 'stopped').map((entry) => [entry.service, entry.logFile])),
    };
  },

  async stopById(projectId, backup, env) {
    await Promise.all([stopBeside(projectId, env), nativeRuntime.stop(projectId, { env })]);
    if (!backup) await nativeRuntime.destroyData(projectId, { env });
    return realityOf(await nativeRuntime.status(projectId, undefined, { env }));
  },
};
