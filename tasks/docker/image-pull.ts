/**
 * Images: used when present locally, else pulled, all in parallel. Only the images of services that
 * will run are asked for, so an excluded service is never pulled. A failed pull names the image.
 */
import type Docker from 'dockerode';
import { TaskError, messageOf } from '../task-error.js';
import { statusCodeOf } from './docker-client.js';

export interface PullOptions {
  notice?: (message: string) => void;
  status?: (message: string) => void;
  /** Waits before each retry; the original retries twice, after 4 s and 8 s. */
  retryDelaysMs?: number[];
}

/** Makes every image available locally; returns the ones that had to be pulled. */
export async function ensureImages(docker: Docker, images: string[], options: PullOptions = {}): Promise<string[]> {
  const missing = await missingImages(docker, images);
  await Promise.all(missing.map((image) => pullImage(docker, image, options)));
  return missing;
}

/** The images (each once) that are not present locally, in the order given. */
export async function missingImages(docker: Docker, images: string[]): Promise<string[]> {
  const unique = [...new Set(images)];
  const present = await Promise.all(unique.map((image) => isPresent(docker, image)));
  return unique.filter((_image, index) => !present[index]);
}

async function isPresent(docker: Docker, image: string): Promise<boolean> {
  try {
    await docker.getImage(image).inspect();
    return true;
  } catch (err) {
    if (statusCodeOf(err) !== 404) throw new TaskError(`failed to inspect docker image ${image}: ${messageOf(err)}`, undefined, { cause: err });
    return false;
  }
}

/** Pulls one image, retrying after the configured waits; a last failure names the image. */
export async function pullImage(docker: Docker, image: string, options: PullOptions = {}): Promise<void> {
  const delays = options.retryDelaysMs ?? [4_000, 8_000];
  options.status?.(`Pulling ${image}...`);
  for (let attempt = 0; ; attempt++) {
    try {
      await pull(docker, image);
      return;
    } catch (err) {
      if (attempt >= delays.length) {
        throw new TaskError(`failed to pull docker image ${image}: ${messageOf(err)}`, 'Check the network connection and the registry (SUPABASE_INTERNAL_IMAGE_REGISTRY), or exclude the service with -x.', { cause: err });
      }
      options.notice?.(`Retrying after ${delays[attempt]! / 1000}s: ${image}`);
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

/** One pull, resolved when the progress stream ends; errors inside the stream reject too. */
async function pull(docker: Docker, image: string): Promise<void> {
  const stream = await docker.pull(image);
  await new Promise<void>((resolve, reject) => {
    docker.modem.followProgress(stream, (err: Error | null, output: Array<{ error?: string }>) => {
      const failed = err ?? output.find((event) => event.error);
      if (failed) reject(failed instanceof Error ? failed : new Error(failed.error));
      else resolve();
    });
  });
}
