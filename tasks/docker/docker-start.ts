/**
 * The docker runtime's start, as listr2 steps in the original's order: the images (each missing
 * one pulled, all at once), the ports and the network, the early services one by one (the syslog
 * driver, the database and its first-time set-up, analytics), then the other containers created
 * and started in order, then their health waited on all at once. In a terminal the steps are drawn
 * under the stack's task; otherwise the titles the original prints (`Starting database...`) are
 * the plain lines (task-tree.ts). Results come back as data; the journal stays with the caller.
 *
 * A failed start removes what it made, as the original does: containers and the network always,
 * volumes only when this start created the database volume, so a kept database is never lost.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import { CURRENT_BRANCH_PATH, inProject } from '../project/project-paths.js';
import { localDbUrl } from '../keys/status-values.js';
import { isPortInUse } from '../native/port-check.js';
import { TaskError, messageOf } from '../task-error.js';
import { runSubsteps, runTaskTree, throwFirst, type TreeStep } from '../orchestration/task-tree.js';
import { DOCKER_SUGGESTION, dockerClient, engineTarget, statusCodeOf } from './docker-client.js';
import { volumeNames } from './docker-names.js';
import { ensureNetwork, removeProject, volumeExists } from './docker-resources.js';
import { missingImages, pullImage } from './image-pull.js';
import { ServiceNotHealthyError, portInUse } from './docker-errors.js';
import { waitUntilReady } from './readiness-probe.js';
import { probeTarget, runContainer } from './run-container.js';
import { containerLogs } from './container-logs.js';
import { setUpDatabase, type DbSetupResult } from './db-setup.js';
import { serviceMigrations, type ServiceMigration } from './service-migrations.js';
import { planServices, serviceContext, type PlannedService } from './start-plan.js';
import { EARLY_SERVICES } from './services/index.js';
import type { ServiceContext, ServiceId } from './services/service-plugin.js';
import type { ProjectConfig } from '../project/config.types.js';

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

/** What the steps of one start share. */
interface StartRun {
  docker: Docker;
  ctx: ServiceContext;
  project: DockerProject;
  options: DockerStartOptions;
  env: NodeJS.ProcessEnv;
  notice: (message: string) => void;
  fresh: boolean;
  migrations: ServiceMigration[];
  outcomes: Map<ServiceId, ServiceResult>;
  /** What the steps found out, for the result. */
  pulled: string[];
  setup: Partial<DbSetupResult>;
  healthError?: string;
}

/** Starts the stack (creating the database on first use). */
export async function start(project: DockerProject, options: DockerStartOptions = {}): Promise<DockerStartResult> {
  const began = Date.now();
  const env = options.env ?? process.env;
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
  const notice = (message: string): void => options.reporter?.notice?.(message);
  const run: StartRun = { docker, ctx, project, options, env, notice, fresh, migrations, outcomes, pulled: [], setup: {} };
  const images = [...running.map((p) => p.image), ...migrations.map((migration) => migration.spec.image)];
  let made = false;
  const steps: TreeStep[] = [
    { title: 'Checking images', quiet: true, run: (task) => pullMissing(run, images, task) },
    { title: 'Checking ports', quiet: true, run: () => assertPortsFree(docker, running, env) },
    {
      title: 'Creating network',
      quiet: true,
      run: async () => {
        await ensureNetwork(docker, ctx.projectId);
        made = true;
      },
    },
    ...running.filter((p) => EARLY_SERVICES.includes(p.plugin.id)).flatMap((service) => earlySteps(run, service)),
    ...laterSteps(run, running.filter((p) => !EARLY_SERVICES.includes(p.plugin.id))),
  ];
  try {
    await runTaskTree(steps, (line) => options.reporter?.status?.(line));
    await ensureCurrentBranch(project.root);
  } catch (err) {
    if (made) await removeProject(docker, ctx.projectId, !fresh).catch(() => undefined);
    throw err;
  }
  return result({ fresh, pulled: run.pulled, ...run.setup, healthError: run.healthError });
}

/** The images not present locally, pulled at once, each its own step. */
async function pullMissing(run: StartRun, images: string[], task: Parameters<TreeStep['run']>[0]): Promise<void> {
  run.pulled = await missingImages(run.docker, images);
  const pulls = run.pulled.map((image): TreeStep => ({
    title: `Pulling ${image}...`,
    run: () => pullImage(run.docker, image, { notice: run.notice, retryDelaysMs: run.options.pullRetryDelaysMs }),
  }));
  throwFirst(await runSubsteps(task, pulls, { concurrent: true }));
}

/** A service waited on before the next one starts (vector, the database, analytics); the database's set-up follows it. */
function earlySteps(run: StartRun, service: PlannedService): TreeStep[] {
  const id = service.plugin.id;
  const title = id === 'db' ? (run.fresh ? 'Starting database...' : 'Starting database from backup...') : id === 'vector' ? 'Starting syslog driver...' : `Starting ${service.container}...`;
  const steps: TreeStep[] = [
    {
      title,
      // The original prints no line of its own for analytics.
      quiet: id !== 'db' && id !== 'vector',
      run: async () => {
        await runContainer(run.docker, service, run.ctx, run.env);
        const timeoutMs = id === 'db' ? run.options.readyTimeoutMs ?? 120_000 : run.options.healthTimeoutMs ?? 30_000;
        const reason = await waitUntilReady(run.docker, probeTarget(service, run.ctx), { timeoutMs });
        if (reason) {
          run.notice(`${service.container} container logs:\n${await containerLogs(run.docker, service.container)}`);
          throw new TaskError(id === 'db' ? `database is not healthy: ${reason}` : `${service.container} is not healthy: ${reason}`);
        }
        run.outcomes.get(id)!.outcome = 'healthy';
      },
    },
  ];
  if (id === 'db' && run.fresh) {
    steps.push({
      title: 'Setting up initial schema...',
      run: async () => {
        const { project, ctx } = run;
        Object.assign(run.setup, await setUpDatabase(run.docker, { host: ctx.host, root: project.root, config: project.config, serviceMigrations: run.migrations }, run.notice));
      },
    });
  }
  return steps;
}

/** The other services: created and started in order, then their health waited on all at once. */
function laterSteps(run: StartRun, services: PlannedService[]): TreeStep[] {
  if (services.length === 0) return [];
  const { docker, ctx } = run;
  return [
    {
      title: 'Starting containers...',
      run: async (task) => {
        const steps = services.map((service): TreeStep => ({ title: service.container, quiet: true, run: () => runContainer(docker, service, ctx, run.env) }));
        await runSubsteps(task, steps, { concurrent: false });
      },
    },
    {
      title: 'Waiting for health checks...',
      run: async (task) => {
        const timeoutMs = run.options.healthTimeoutMs ?? 30_000;
        const waits = services.map((service): TreeStep => ({
          title: service.container,
          quiet: true,
          run: async () => {
            const reason = await waitUntilReady(docker, probeTarget(service, ctx), { timeoutMs });
            if (reason) throw new TaskError(reason);
          },
        }));
        const reasons = (await runSubsteps(task, waits, { concurrent: true })).map((error) => (error === undefined ? undefined : messageOf(error)));
        services.forEach((service, index) => Object.assign(run.outcomes.get(service.plugin.id)!, reasons[index] ? { outcome: 'unhealthy', reason: reasons[index] } : { outcome: 'healthy' }));
        const failed = services.filter((_service, index) => reasons[index] !== undefined);
        if (failed.length === 0) return;
        for (const service of failed) run.notice(`${service.container} container logs:\n${await containerLogs(docker, service.container)}`);
        const error = new ServiceNotHealthyError(failed.map((service) => service.container), reasons.filter((reason): reason is string => reason !== undefined));
        if (!run.options.ignoreHealthCheck) throw error;
        run.healthError = error.message;
        run.notice(error.message);
      },
    },
  ];
}

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

/** supabase/.branches/_current_branch holds `main` after a start, as in the original. */
async function ensureCurrentBranch(root: string): Promise<void> {
  const file = inProject(root, CURRENT_BRANCH_PATH);
  if (await stat(file).catch(() => undefined)) return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'main');
}
