/**
 * `db reset` of the local database on the docker runtime (as the original does it on
 * PostgreSQL 15): the db
 * container and its volume are removed, the container is created again and waited for, and the
 * new database gets the same set-up as on a first start (the initial schema through the image's
 * init, the services' migrations, roles.sql, then migrations and seed as postgres). The storage,
 * auth and realtime containers are then restarted so they reconnect; their health is not awaited.
 */
import type Docker from 'dockerode';
import type { MigrateAndSeedOptions } from '../db/migrate-and-seed.js';
import { unrecorded } from '../orchestration/step-runner.js';
import type { ProjectConfig } from '../project/config.types.js';
import { TaskError } from '../task-error.js';
import { containerLogs } from './container-logs.js';
import { dockerClient, statusCodeOf } from './docker-client.js';
import { volumeNames } from './docker-names.js';
import { setUpDatabase } from './db-setup.js';
import { waitUntilReady } from './readiness-probe.js';
import { probeTarget, runContainer } from './run-container.js';
import { serviceMigrations } from './service-migrations.js';
import { planServices, serviceContext } from './start-plan.js';

export interface RecreateOptions extends MigrateAndSeedOptions {
  env: NodeJS.ProcessEnv;
  /** Told once the new database is up and empty, before anything is applied to it. */
  onRecreated?: () => void;
  /** How long the new db may take to accept connections; the original waits 120 s. */
  readyTimeoutMs?: number;
}

/** Whether the project's db container runs on the engine DOCKER_HOST names (false without an engine). */
export async function dockerDbRunning(config: ProjectConfig, env: NodeJS.ProcessEnv): Promise<boolean> {
  const ctx = serviceContext(config, process.cwd());
  const info = await dockerClient(env, 2_000).getContainer(ctx.containerOf('db')).inspect().catch(() => undefined);
  return info?.State?.Running === true;
}

/** Recreates the database and sets it up; returns what the set-up applied. */
export async function recreateDatabase(root: string, config: ProjectConfig, options: RecreateOptions): Promise<{ applied: string[]; seeded: boolean }> {
  const step = options.step ?? unrecorded;
  const notice = options.notice ?? (() => undefined);
  const docker = dockerClient(options.env);
  const vector = serviceContext(config, root).containerOf('vector');
  // Without the log collector the new db container must not send its logs to it.
  const withVector = await exists(docker, vector);
  const ctx = serviceContext(withVector ? config : { ...config, analytics: { ...config.analytics, enabled: false } }, root);
  const plan = planServices(ctx, [], options.env);
  const db = plan.find((service) => service.plugin.id === 'db')!;
  const migrations = serviceMigrations(config, plan, ctx.host);

  await step('remove the database container and its volume', async () => {
    await docker.getContainer(db.container).remove({ force: true }).catch(ignoreMissing);
    await docker.getVolume(volumeNames(ctx.projectId).db).remove().catch(ignoreMissing);
  });
  await step('recreate the database container', async () => {
    await runContainer(docker, db, ctx, options.env);
    const reason = await waitUntilReady(docker, probeTarget(db, ctx), { timeoutMs: options.readyTimeoutMs ?? 120_000 });
    if (reason) {
      notice(`${db.container} container logs:\n${await containerLogs(docker, db.container)}`);
      throw new TaskError(`database is not healthy: ${reason}`);
    }
  });
  options.onRecreated?.();
  notice('Setting up initial schema...');
  const result = await setUpDatabase(docker, { host: ctx.host, root, config, serviceMigrations: migrations }, notice, options);
  notice('Restarting containers...');
  for (const id of ['storage', 'auth', 'realtime'] as const) {
    await docker.getContainer(ctx.containerOf(id)).restart().catch(ignoreMissing);
  }
  return { applied: result.migrations, seeded: result.seeded };
}

async function exists(docker: Docker, container: string): Promise<boolean> {
  return (await docker.getContainer(container).inspect().catch(() => undefined)) !== undefined;
}

/** Gone already is what removing wanted; a service the stack does not run is not restarted. */
function ignoreMissing(err: unknown): void {
  if (statusCodeOf(err) !== 404) throw err;
}
