/**
 * `functions serve` on the docker runtime: the project's edge-runtime container is
 * replaced by one carrying this serve's flags, and its logs stream until Ctrl-C. As in the
 * original, the container keeps serving after Ctrl-C; the next serve or `supabase stop` removes it.
 */
import { Writable } from 'node:stream';
import type { ProjectConfig } from '../../project/config.types.js';
import { TaskError, messageOf } from '../../task-error.js';
import { createOptions } from '../../docker/container-spec.js';
import { dockerClient, statusCodeOf } from '../../docker/docker-client.js';
import { registryImage } from '../../docker/docker-names.js';
import { ensureNetwork, ensureVolume } from '../../docker/docker-resources.js';
import { ensureImages } from '../../docker/image-pull.js';
import { edgeRuntime } from '../../docker/services/edge-runtime.js';
import { serviceContext } from '../../docker/start-plan.js';
import type { LogSink } from '../native/function-worker.js';
import type { ServeOptions } from '../served-functions.js';
import { edgeRuntimeContainer } from './edge-runtime-container.js';

export interface DockerServeOptions {
  root: string;
  config: ProjectConfig;
  env: NodeJS.ProcessEnv;
  userEnv: Record<string, string>;
  serve: ServeOptions;
  debug: boolean;
  log: LogSink;
  /** Resolves when serving should stop (Ctrl-C). */
  until: Promise<string>;
}

/** Starts the container and streams its logs until `until` resolves or the container ends. */
export async function serveOnDocker(options: DockerServeOptions): Promise<void> {
  const docker = dockerClient(options.env);
  const ctx = serviceContext(options.config, options.root);
  const name = edgeRuntime.containerName(ctx.projectId);
  await docker.getContainer(name).remove({ force: true, v: true }).catch((error: unknown) => {
    if (statusCodeOf(error) !== 404) throw new TaskError(`failed to remove ${name}: ${messageOf(error)}`);
  });
  const spec = {
    ...edgeRuntimeContainer({
      ctx,
      // By network alias: Deno cannot resolve the `_` of container names.
      dbUrl: `postgresql://postgres:${encodeURIComponent(options.config.db.password)}@db:5432/postgres`,
      userEnv: options.userEnv,
      serve: options.serve,
      debug: options.debug,
    }),
    probe: { kind: 'running' as const },
  };
  const image = registryImage(edgeRuntime.image(options.config), options.env);
  await ensureImages(docker, [image], { notice: options.log.stderr });
  await ensureNetwork(docker, ctx.projectId);
  if (!options.env.BITBUCKET_CLONE_DIR) for (const volume of spec.volumes ?? []) await ensureVolume(docker, ctx.projectId, volume.volume);
  const container = await docker.createContainer(createOptions(edgeRuntime, spec, ctx, image)).catch((error: unknown) => {
    throw new TaskError(`failed to create docker container ${name}: ${messageOf(error)}`);
  });
  await container.start().catch((error: unknown) => {
    throw new TaskError(`failed to start docker container: ${messageOf(error)}`);
  });

  const stream = await container.logs({ follow: true, stdout: true, stderr: true });
  const ended = new Promise<'ended'>((resolve) => {
    stream.once('end', () => resolve('ended'));
    stream.once('close', () => resolve('ended'));
  });
  docker.modem.demuxStream(stream, lines(options.log.stdout), lines(options.log.stderr));
  const outcome = await Promise.race([options.until, ended]);
  (stream as unknown as { destroy?: () => void }).destroy?.();
  if (outcome !== 'ended') return;
  // The container ended on its own: a failure shows as its exit code.
  const state = await container.inspect().then((info) => info.State, () => undefined);
  if (state && state.ExitCode > 0) throw new TaskError(`error running container: exit ${state.ExitCode}`);
}

/** A writable that hands complete lines to `sink`. */
function lines(sink: (line: string) => void): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) sink(line);
      done();
    },
    final(done) {
      if (pending) sink(pending);
      done();
    },
  });
}
