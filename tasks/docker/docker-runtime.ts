/**
 * The docker runtime of the local stack: the same functions as the native runtime (start, stop,
 * status, destroyData) over the Docker Engine API, with the original's containers, names, labels,
 * network, volumes and ports, so either CLI finds the other's stack. Progress goes to callbacks and
 * results come back as data; printing, the journal and the state machine stay with the caller.
 *
 * A failed start removes what it made, as the original does: containers and the network always,
 * volumes only when this start created the database volume, so a kept database is never lost.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import type { ProjectConfig } from '../project/config.types.js';
import { CURRENT_BRANCH_PATH, inProject } from '../project/project-paths.js';
import { localDbUrl } from '../keys/status-values.js';
import { isPortInUse } from '../native/port-check.js';
import { TaskError, messageOf } from '../task-error.js';
import { DOCKER_SUGGESTION, dockerClient, engineTarget, isEngineAvailable, statusCodeOf } from './docker-client.js';
import { volumeNames } from './docker-names.js';
import { ensureNetwork, projectContainers, projectVolumes, removeProject, volumeExists } from './docker-resources.js';
import { ensureImages } from './image-pull.js';
import { ServiceNotHealthyError, portInUse } from './docker-errors.js';
import { probeOnce, waitUntilReady } from './readiness-probe.js';
import { probeTarget, runContainer } from './run-container.js';
import { containerLogs } from './container-logs.js';
import { setUpDatabase } from './db-setup.js';
import { serviceMigrations } from './service-migrations.js';
import { planServices, serviceContext, type PlannedService } from './start-plan.js';
import { EARLY_SERVICES, SERVICES } from './services/index.js';
import type { ServiceContainer, ServiceContext, ServiceId, ServicePlugin } from './services/service-plugin.js';

/** What the runtime needs of a project. */
export interface DockerProject {
  root: string;
  config: ProjectConfig;
}

/** `status` lines are progress, `notice` lines go to stderr. */
export interface DockerReporter {
  status?: (message: string) => void;
  notice?: (message: string) => void;
}

export interface DockerStartOptions {
  reporter?: DockerReporter;
  /** DOCKER_HOST, SUPABASE_INTERNAL_IMAGE_REGISTRY, BITBUCKET_CLONE_DIR; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** `-x` values: short image names (`gotrue`, `storage-api`, ...). */
  exclude?: readonly string[];
  /** Report unhealthy services and go on, instead of failing (and removing everything). */
  ignoreHealthCheck?: boolean;
  /** How long the db may take to accept connections; the original waits 120 s. */
  readyTimeoutMs?: number;
  /** How long the other services may take; the original waits 30 s. */
  healthTimeoutMs?: number;
  /** Waits before pull retries; the original's are 4 s and 8 s. */
  pullRetryDelaysMs?: number[];
}

/** How one service ended up. */
export type ServiceOutcome = 'started' | 'healthy' | 'unhealthy' | 'excluded' | 'disabled';

export interface ServiceResult {
  service: ServiceId;
  container: string;
  image: string;
  outcome: ServiceOutcome;
  /** Why it is unhealthy. */
  reason?: string;
}

export interface DockerStartResult {
  /** The db container existed already; nothing was done. */
  alreadyRunning: boolean;
  /** The database volume was created now (the initial schema, migrations and seed ran). */
  fresh: boolean;
  dbUrl: string;
  services: ServiceResult[];
  /** Images that were not present locally and were pulled. */
  pulled: string[];
  migrations?: string[];
  seeded?: boolean;
  /** The health error that `ignoreHealthCheck` turned into a warning. */
  healthError?: string;
  durationMs: number;
}

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

/** Starts the stack (creating the database on first use). */
export async function start(project: DockerProject, options: DockerStartOptions = {}): Promise<DockerStartResult> {
  const began = Date.now();
  const env = options.env ?? process.env;
  const reporter = options.reporter ?? {};
  const notice = (message: string): void => reporter.notice?.(message);
  const docker = dockerClient(env);
  const ctx = serviceContext(project.config, project.root);
  const dbUrl = localDbUrl({ hostname: ctx.host, db: project.config.db });
  const plan = planServices(ctx, options.exclude ?? [], env);
  const outcomes = new Map<ServiceId, ServiceResult>(plan.map((p) => [p.plugin.id, { service: p.plugin.id, container: p.container, image: p.image, outcome: p.skipped ?? 'started' }]));
  const result = (extra: Partial<DockerStartResult>): DockerStartResult => ({ alreadyRunning: false, fresh: false, dbUrl, services: [...outcomes.values()], pulled: [], durationMs: Date.now() - began, ...extra });

  if (await dbContainerExists(docker, ctx)) return result({ alreadyRunning: true });
  const running = plan.filter((p) => !p.skipped);
  const fresh = !(await volumeExists(docker, volumeNames(ctx.projectId).db));
  // A new database is migrated by the auth and storage images even when -x leaves those services out.
  const migrations = fresh ? serviceMigrations(project.config, plan, ctx.host) : [];
  const images = [...running.map((p) => p.image), ...migrations.map((migration) => migration.spec.image)];
  const pulled = await ensureImages(docker, images, { notice, status: reporter.status, retryDelaysMs: options.pullRetryDelaysMs });
  await assertPortsFree(docker, running, env);
  await ensureNetwork(docker, ctx.projectId);
  try {
    const setup: Partial<DockerStartResult> = {};
    let healthError: string | undefined;
    for (const service of running.filter((p) => EARLY_SERVICES.includes(p.plugin.id))) {
      if (service.plugin.id === 'db') reporter.status?.(fresh ? 'Starting database...' : 'Starting database from backup...');
      else if (service.plugin.id === 'vector') reporter.status?.('Starting syslog driver...');
      await runContainer(docker, service, ctx, env);
      const timeoutMs = service.plugin.id === 'db' ? options.readyTimeoutMs ?? 120_000 : options.healthTimeoutMs ?? 30_000;
      const reason = await waitUntilReady(docker, probeTarget(service, ctx), { timeoutMs });
      if (reason) {
        notice(`${service.container} container logs:\n${await containerLogs(docker, service.container)}`);
        throw new TaskError(service.plugin.id === 'db' ? `database is not healthy: ${reason}` : `${service.container} is not healthy: ${reason}`);
      }
      outcomes.get(service.plugin.id)!.outcome = 'healthy';
      if (service.plugin.id === 'db' && fresh) {
        reporter.status?.('Setting up initial schema...');
        Object.assign(setup, await setUpDatabase(docker, { host: ctx.host, root: project.root, config: project.config, serviceMigrations: migrations }, notice));
      }
    }
    const rest = running.filter((p) => !EARLY_SERVICES.includes(p.plugin.id));
    if (rest.length > 0) {
      reporter.status?.('Starting containers...');
      for (const service of rest) await runContainer(docker, service, ctx, env);
      reporter.status?.('Waiting for health checks...');
      const reasons = await Promise.all(rest.map((service) => waitUntilReady(docker, probeTarget(service, ctx), { timeoutMs: options.healthTimeoutMs ?? 30_000 })));
      const failed = rest.filter((_service, index) => reasons[index] !== undefined);
      rest.forEach((service, index) => Object.assign(outcomes.get(service.plugin.id)!, reasons[index] ? { outcome: 'unhealthy', reason: reasons[index] } : { outcome: 'healthy' }));
      if (failed.length > 0) {
        for (const service of failed) notice(`${service.container} container logs:\n${await containerLogs(docker, service.container)}`);
        const error = new ServiceNotHealthyError(failed.map((service) => service.container), reasons.filter((reason): reason is string => reason !== undefined));
        if (!options.ignoreHealthCheck) throw error;
        healthError = error.message;
        notice(error.message);
      }
    }
    await ensureCurrentBranch(project.root);
    return result({ fresh, pulled, ...setup, healthError });
  } catch (err) {
    await removeProject(docker, ctx.projectId, !fresh).catch(() => undefined);
    throw err;
  }
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

async function dbContainerExists(docker: Docker, ctx: ServiceContext): Promise<boolean> {
  try {
    await docker.getContainer(ctx.containerOf('db')).inspect();
    return true;
  } catch (err) {
    if (statusCodeOf(err) === 404) return false;
    throw new TaskError(`failed to inspect database container: ${messageOf(err)}`, DOCKER_SUGGESTION, { cause: err });
  }
}

/**
 * With a local engine a taken port is found before anything is created. A remote engine's ports
 * cannot be checked from here; its bind error is reported when the container starts.
 */
async function assertPortsFree(docker: Docker, services: PlannedService[], env: NodeJS.ProcessEnv): Promise<void> {
  if (engineTarget(env).kind !== 'unix') return;
  for (const port of services.flatMap((service) => service.spec?.ports ?? [])) {
    if (await isPortInUse(port.host)) throw await portInUse(docker, port);
  }
}

/** Runs an engine call, turning "cannot reach the engine" into the original's message and suggestion. */
async function withEngine<T>(verb: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (statusCodeOf(err) !== undefined) throw err;
    throw new TaskError(`${verb}: ${messageOf(err)}`, DOCKER_SUGGESTION, { cause: err });
  }
}

/** supabase/.branches/_current_branch holds `main` after a start, as in the original. */
async function ensureCurrentBranch(root: string): Promise<void> {
  const file = inProject(root, CURRENT_BRANCH_PATH);
  if (await stat(file).catch(() => undefined)) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'main');
}
