/**
 * The stack machine's tasks on the native runtime: the database runs as a PostgreSQL process and,
 * beside it, the services of native-services.ts (the local platform API on the studio port,
 * postgres-meta, the mail catcher on the inbucket ports, the API gateway with REST inside it on
 * the API port) and the worker that sends pg_net's
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
import { ensurePgNetWorker, launchPgNetWorker, pgNetWorkerExited, stopPgNetWorker } from '../pg-net/pg-net-process.js';
import type { LaunchedService } from '../native/supervised-process.js';
import { messageOf } from '../task-error.js';
import type { Revival, RuntimeReality, StackProject, StackRuntime } from './stack-runtime.js';
import { stackProjection, type StackProjection } from '../../machines/journal/projections/stack.projection.js';

/** What status calls the pg_net worker when it has died. */
export const PG_NET_WORKER = 'pg_net worker';

/** Journal states of a service that a start launched (and a stop has not stopped since). */
const LAUNCHED = new Set(['starting', 'healthy', 'unhealthy', 'failed']);

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

/** The server's pid as the journal recorded it when the database answered (`pid N, port P`). */
function journalServerPid(stack: StackProjection): number[] {
  const pid = /^pid (\d+),/.exec(stack.services.db.detail ?? '')?.[1];
  return pid ? [Number(pid)] : [];
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
          const alsoServed = new Map(services.map((entry) => [entry, entry.serves?.(excluded) ?? []]));
          const served = new Set<StackService>(['db', ...services.flatMap((entry) => [entry.service, ...alsoServed.get(entry)!])]);
          // Served by a process left out (REST inside the gateway, with -x kong): left out with it.
          const leftOutWith = new Map(NATIVE_SERVICES.filter((entry) => excluded.has(entry.service)).flatMap((entry) => (entry.serves?.(excluded) ?? []).map((service) => [service, entry.service] as const)));
          reopenServices(step);
          step.record(
            STACK_SERVICES.filter((service) => !served.has(service)).map((service): Outcome => {
              const holder = leftOutWith.get(service);
              if (holder) return { type: 'SERVICE_EXCLUDED', data: { service, detail: `excluded with ${holder}, which serves it on the native runtime` } };
              return {
                type: excluded.has(service) ? 'SERVICE_EXCLUDED' : 'SERVICE_UNAVAILABLE',
                data: { service, detail: excluded.has(service) ? 'excluded' : 'only available as a container image' },
              };
            }),
          );
          step.record([...served].map((service): Outcome => ({ type: 'SERVICE_STARTING', data: { service } })));
          const notice = (message: string) => options.onNotice?.(message);
          // pg_net's worker is launched with the server, so that loading it overlaps the server's start-up.
          let worker: Promise<LaunchedService> | undefined;
          let serverSpawned = (): void => undefined;
          const spawned = new Promise<void>((resolve) => {
            serverSpawned = resolve;
          });
          // The other services need nothing of the database to come up, so they start alongside it,
          // but for those that connect at start (the gateway), launched once it answers; background
          // ones (native-services.ts) once the rest answer.
          const serverUp = nativeRuntime.start(project, {
            ...runtimeOptions,
            step: step.runStep,
            onApplied: (file) => step.record({ stream: 'migrations:local', type: 'MIGRATION_APPLIED', data: { version: file.version, name: file.name } }),
            onServerSpawned: (server) => {
              serverSpawned();
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
          });
          // pg_net's requests are sent by a worker beside the server: it has connected before start
          // returns. The services that connect at start wait for the server alone.
          const database = serverUp.then(async (result) => {
            await ensurePgNetWorker({ projectId, port: result.port, env: project.env, launched: worker });
            return result;
          });
          const waited = services.filter((entry) => !entry.background);
          // Spawning a Node process holds this thread for 10-20 ms, so the order of the spawns is
          // the order in which things get going. The gateway (a service that needs the database)
          // is the longest way to a started stack: Node's start, its 1.7 MB of modules and its
          // routes take some 300 ms on a loaded machine, against 60-80 ms for the server to accept
          // connections. So it goes first, loading while the server's launch is prepared, and
          // waits for the database itself; the server comes next, then the rest, launched once
          // the server exists (or at once when it ran already or failed).
          const serverFirst = Promise.race([spawned, serverUp.then(() => undefined, () => undefined)]);
          const launch = (entry: (typeof waited)[number]) =>
            entry.needsDatabase ? entry.start(project, notice, excluded, serverUp) : serverFirst.then(() => entry.start(project, notice, excluded));
          const settled = await Promise.allSettled([database, ...waited.map(launch)]);
          const upFirst = settled.every((result) => result.status === 'fulfilled');
          const background = upFirst ? await Promise.allSettled(services.filter((entry) => entry.background).map((entry) => entry.start(project, notice, excluded))) : [];
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
            ...waited.flatMap((entry, index) =>
              [entry.service, ...alsoServed.get(entry)!].map((service): Outcome => ({ type: 'SERVICE_HEALTHY', data: { service, detail: details[index] as string } })),
            ),
            { type: 'STARTED' },
          ];
        },
      },
      'stack.stop': {
        title: 'Stopping the local stack',
        run: async (step) => {
          const recorded = journalServerPid(stackProjection(step.fold()));
          // The services first, while the database still answers: the gateway ends its sessions and
          // drops what it keeps there (Realtime's replication slot), which a stopped server would keep.
          const stopped = await stopBeside(projectId, project.env);
          await nativeRuntime.stop(projectId, { ...runtimeOptions, recorded });
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
    const [database, services, worker] = await Promise.all([
      nativeRuntime.status(projectId, project.config, { env: project.env }),
      nativeServiceStates(projectId, project.env),
      pgNetWorkerExited(projectId, project.env),
    ]);
    const reality = realityOf(database);
    return {
      ...reality,
      services: new Set([...reality.services, ...services.filter((entry) => entry.state === 'running').map((entry) => entry.service)]),
      exited: new Map(services.filter((entry) => entry.state === 'stopped').map((entry) => [entry.service, entry.logFile])),
      // The worker ends by itself once its server is gone: only beside a running server is its end news.
      exitedBeside: new Map(reality.running && worker.exited ? [[PG_NET_WORKER, worker.logFile]] : []),
    };
  },

  revive: reviveNative,

  async stopById(projectId, backup, env) {
    await stopBeside(projectId, env);
    await nativeRuntime.stop(projectId, { env });
    if (!backup) await nativeRuntime.destroyData(projectId, { env });
    return realityOf(await nativeRuntime.status(projectId, undefined, { env }));
  },
};

/**
 * Starts again, beside a running database, each native service that the journal says was started
 * and whose process has exited, and the pg_net worker when it has died. Each is recorded as found
 * failed, then starting, then healthy (a background service stays starting: it has not answered
 * yet); one that fails again is recorded failed, and the first such error is returned after the
 * others were tried.
 */
async function reviveNative(project: StackProject, stack: StackProjection, notice: (message: string) => void): Promise<Revival> {
  const projectId = project.config.project_id;
  const revival: Revival = { restarted: [], outcomes: [] };
  // What the last start left out stays out (the gateway revived without REST after -x postgrest).
  const excluded = new Set(Object.values(stack.services).filter((service) => service.state === 'excluded').map((service) => service.name));
  const dead = await Promise.all(
    NATIVE_SERVICES.filter((entry) => LAUNCHED.has(stack.services[entry.service].state)).map(async (entry) => ((await entry.status(projectId, project.env)).state === 'stopped' ? entry : undefined)),
  );
  await Promise.all(
    dead.map(async (entry) => {
      if (!entry) return;
      const services = [entry.service, ...(entry.serves?.(excluded) ?? [])];
      for (const service of services) {
        if (stack.services[service].state !== 'failed') revival.outcomes.push({ type: 'SERVICE_FAILED', data: { service, detail: 'its process had exited' } });
        revival.outcomes.push({ type: 'SERVICE_STARTING', data: { service } });
      }
      try {
        const detail = await entry.start(project, notice, excluded);
        if (!entry.background) for (const service of services) revival.outcomes.push({ type: 'SERVICE_HEALTHY', data: { service, detail } });
        revival.restarted.push(...services);
      } catch (error) {
        for (const service of services) revival.outcomes.push({ type: 'SERVICE_FAILED', data: { service, detail: messageOf(error) } });
        revival.failure ??= error;
      }
    }),
  );
  const [worker, database] = await Promise.all([pgNetWorkerExited(projectId, project.env), nativeRuntime.status(projectId, undefined, { env: project.env })]);
  if (worker.exited && database.port !== undefined) {
    try {
      if (await ensurePgNetWorker({ projectId, port: database.port, env: project.env })) revival.restarted.push(PG_NET_WORKER);
    } catch (error) {
      revival.failure ??= error;
    }
  }
  return revival;
}
