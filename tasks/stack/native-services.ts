/**
 * The services the native stack runs beside its database, each a supervised process
 * (native/supervised-process.ts): the local platform API on the studio port, postgres-meta, and
 * the mail catcher on the inbucket ports. The stack starts, checks and stops them through this
 * one list, so adding a service is one entry here.
 *
 * `start` waits for the ones that load in about the time the database takes to start (our own
 * servers). postgres-meta takes a core for most of a second to load the package, and nothing on
 * the native stack needs it at once: it is a background service, launched once the others answer
 * (so they need not share the processor with it) and left to finish loading on its own.
 */
import type { StackService } from '../../machines/service.machine.js';
import { platformApiStatus, startPlatformApi, stopPlatformApi } from '../platform-api/platform-process.js';
import { platformPaths } from '../platform-api/platform-paths.js';
import { pgMetaFiles, pgMetaStatus, startPgMeta, stopPgMeta } from '../pg-meta/pg-meta-process.js';
import { mailCatcherFiles, mailCatcherStatus, startMailCatcher, stopMailCatcher } from '../mail-catcher/mail-process.js';
import type { StackProject } from './stack-runtime.js';
import type { ServiceStatus } from '../native/supervised-process.js';

/** One service the native runtime runs as a process of its own. */
export interface NativeService {
  service: StackService;
  /** Launched last and not waited for (see above): it answers a moment after start returns. */
  background: boolean;
  /** Starts it and says where it answers (the journal's detail). */
  start(project: StackProject, notice: (message: string) => void): Promise<string>;
  /** Stops it; true when it was running. */
  stop(projectId: string, env: NodeJS.ProcessEnv): Promise<boolean>;
  /** Whether it runs and answers now. */
  status(projectId: string, env: NodeJS.ProcessEnv): Promise<ServiceStatus>;
  /** Its log, to point at when it is not running. */
  logFile(projectId: string, env: NodeJS.ProcessEnv): string;
}

export const NATIVE_SERVICES: readonly NativeService[] = [
  {
    // Studio itself is a container image; its port serves the local platform API instead.
    service: 'studio',
    background: false,
    start: async (project) => `local platform API at ${(await startPlatformApi({ root: project.root, config: project.config, env: project.env })).url}`,
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
];

/** Stops every native service of a project; returns the ones that were running. */
export async function stopNativeServices(projectId: string, env: NodeJS.ProcessEnv): Promise<StackService[]> {
  const stopped = await Promise.all(NATIVE_SERVICES.map(async (entry) => ((await entry.stop(projectId, env)) ? entry.service : undefined)));
  return stopped.filter((service): service is StackService => service !== undefined);
}

/** Where each native service of a project stands now, checked at once, with its log. */
export async function nativeServiceStates(projectId: string, env: NodeJS.ProcessEnv): Promise<Array<{ service: StackService; logFile: string } & ServiceStatus>> {
  return Promise.all(NATIVE_SERVICES.map(async (entry) => ({ service: entry.service, logFile: entry.logFile(projectId, env), ...(await entry.status(projectId, env)) })));
}
