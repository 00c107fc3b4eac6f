/**
 * The services the native stack runs beside its database, each a supervised process
 * (native/supervised-process.ts): the local platform API on the studio port, postgres-meta, the
 * mail catcher on the inbucket ports, and the API gateway on the API port. The stack starts,
 * checks and stops them through this one list, so adding a service is one entry here.
 *
 * One process may stand for several journal services: the gateway is `kong` and also serves REST
 * (later Auth, Storage, Realtime) in-process. Those are started, healthy, failed and stopped with
 * it; left out with `-x postgrest` they are not served at all, and with `-x kong` nothing of it runs
 * and they are recorded excluded, saying why.
 *
 * `start` waits for the ones that load in about the time the database takes to start (our own
 * servers). postgres-meta takes a core for most of a second to load the package, and nothing on
 * the native stack needs it at once: it is a background service, launched once the others answer
 * (so they need not share the processor with it) and left to finish loading on its own.
 */
import type { StackService } from '../../machines/service.machine.js';
import { platformApiStatus, startPlatformApi, stopPlatformApi } from '../local-platform-api/platform-process.js';
import { platformPaths } from '../local-platform-api/platform-paths.js';
import { pgMetaFiles, pgMetaStatus, startPgMeta, stopPgMeta } from '../pg-meta/pg-meta-process.js';
import { mailCatcherFiles, mailCatcherStatus, startMailCatcher, stopMailCatcher } from '../mail-catcher/mail-process.js';
import { gatewayFiles, gatewayServed, gatewayServes, gatewayStatus, startGateway, stopGateway } from '../api/gateway/gateway-process.js';
import type { StackProject } from './stack-runtime.js';
import type { ServiceStatus } from '../native/supervised-process.js';

/** One service the native runtime runs as a process of its own. */
export interface NativeService {
  service: StackService;
  /** Launched last and not waited for (see above): it answers a moment after start returns. */
  background: boolean;
  /**
   * Needs the database set up before it may answer (the gateway's REST loads its schema cache): it
   * is launched beside the server all the same, so that its process start and module loading
   * overlap the server's, and is given `databaseReady` to wait on before it connects.
   */
  needsDatabase?: boolean;
  /**
   * The journal services its process serves besides its own, for a start that leaves `excluded`
   * out (the gateway: `rest` unless `-x postgrest`).
   */
  serves?: (excluded: ReadonlySet<StackService>) => StackService[];
  /** What its last launch served besides itself, as that launch recorded it (for stop and status). */
  served?: (projectId: string, env: NodeJS.ProcessEnv) => Promise<StackService[]>;
  /** Starts it, leaving out what `excluded` names, and says where it answers (the journal's detail). */
  start(project: StackProject, notice: (message: string) => void, excluded: ReadonlySet<StackService>, databaseReady?: Promise<unknown>): Promise<string>;
  /** Stops it; true when it was running. */
  stop(projectId: string, env: NodeJS.ProcessEnv): Promise<boolean>;
  /** Whether it runs and answers now. */
  status(projectId: string, env: NodeJS.ProcessEnv): Promise<ServiceStatus>;
  /** Its log, to point at when it is not running. */
  logFile(projectId: string, env: NodeJS.ProcessEnv): string;
}

export const NATIVE_SERVICES: readonly NativeService[] = [
  {
    // The original's Studio is a container image; on its port this process serves our own Studio
    // (studio/) and the local platform API of the docs site's widget.
    service: 'studio',
    background: false,
    start: async (project) => `Studio and local platform API at ${(await startPlatformApi({ root: project.root, config: project.config, env: project.env })).url}`,
    stop: stopPlatformApi,
    status: platformApiStatus,
    logFile: (projectId, env) => platformPaths(projectId, env).logFile,
  },
  {
    service: 'pg-meta',
    background: true,
    start: async (project, notice) => `postgres-meta at ${(await startPgMeta(project.config, project.env, notice, { waitForAnswer: false })).url}`,
    stop: stopPgMeta,
    status: pgMetaStatus,
    logFile: (projectId, env) => pgMetaFiles(projectId, env).logFile,
  },
  {
    service: 'inbucket',
    background: false,
    start: async (project) => {
      const mail = await startMailCatcher(project.config, project.env);
      return `mail catcher: web inbox at ${mail.url}, SMTP at ${mail.smtp}${mail.pop3 ? `, POP3 at ${mail.pop3}` : ''}`;
    },
    stop: stopMailCatcher,
    status: mailCatcherStatus,
    logFile: (projectId, env) => mailCatcherFiles(projectId, env).logFile,
  },
  {
    // The original's Kong: our gateway on the API port, with the API services inside it.
    service: 'kong',
    background: false,
    needsDatabase: true,
    serves: gatewayServes,
    served: gatewayServed,
    start: async (project, _notice, excluded, databaseReady) => {
      const gateway = await startGateway(project.config, excluded, project.env, project.root, databaseReady);
      return `API gateway at ${gateway.url}${gateway.serves.length > 0 ? ` serving ${gateway.serves.join(', ')}` : ''}`;
    },
    stop: stopGateway,
    status: gatewayStatus,
    logFile: (projectId, env) => gatewayFiles(projectId, env).logFile,
  },
];

/** The journal services one entry's process stands for now: itself and what its last launch served. */
export async function servicesOf(entry: NativeService, projectId: string, env: NodeJS.ProcessEnv): Promise<StackService[]> {
  return [entry.service, ...((await entry.served?.(projectId, env)) ?? [])];
}

/** Stops every native service of a project; returns the journal services that were running. */
export async function stopNativeServices(projectId: string, env: NodeJS.ProcessEnv): Promise<StackService[]> {
  const stopped = await Promise.all(
    NATIVE_SERVICES.map(async (entry) => {
      // Read before the stop: what the process stood for is recorded with its launch.
      const services = await servicesOf(entry, projectId, env);
      return (await entry.stop(projectId, env)) ? services : [];
    }),
  );
  return stopped.flat();
}

/**
 * Where each native service of a project stands now, checked at once, with its log: one line per
 * journal service, those a process serves besides itself sharing its state and log.
 */
export async function nativeServiceStates(projectId: string, env: NodeJS.ProcessEnv): Promise<Array<{ service: StackService; logFile: string } & ServiceStatus>> {
  const states = await Promise.all(
    NATIVE_SERVICES.map(async (entry) => {
      const [status, services] = await Promise.all([entry.status(projectId, env), servicesOf(entry, projectId, env)]);
      return services.map((service) => ({ service, logFile: entry.logFile(projectId, env), ...status }));
    }),
  );
  return states.flat();
}
