/**
 * The project's network and volumes, and removing everything a project made. Everything is found
 * by the project label, so leftovers of a crashed run are cleaned up too.
 */
import type Docker from 'dockerode';
import { networkName, projectFilter, projectLabels } from './docker-names.js';
import { statusCodeOf } from './docker-client.js';

/** Creates the project network unless it exists (a 409 from a concurrent create is fine too). */
export async function ensureNetwork(docker: Docker, projectId: string): Promise<void> {
  const name = networkName(projectId);
  const existing = await docker.getNetwork(name).inspect().catch(() => undefined);
  if (existing) return;
  await docker.createNetwork({ Name: name, Labels: projectLabels(projectId), CheckDuplicate: true }).catch((err: unknown) => {
    if (statusCodeOf(err) !== 409) throw err;
  });
}

/** Whether a named volume exists. */
export async function volumeExists(docker: Docker, name: string): Promise<boolean> {
  return (await docker.getVolume(name).inspect().catch(() => undefined)) !== undefined;
}

/** Creates a named volume with the project labels (idempotent). */
export async function ensureVolume(docker: Docker, projectId: string, name: string): Promise<void> {
  if (await volumeExists(docker, name)) return;
  await docker.createVolume({ Name: name, Labels: projectLabels(projectId) });
}

/** The project's containers, running or not. */
export function projectContainers(docker: Docker, projectId: string): Promise<Docker.ContainerInfo[]> {
  return docker.listContainers({ all: true, filters: projectFilter(projectId) });
}

/** The project's volumes. */
export async function projectVolumes(docker: Docker, projectId: string): Promise<string[]> {
  const listing = await docker.listVolumes({ filters: projectFilter(projectId) });
  return (listing.Volumes ?? []).map((volume) => volume.Name);
}

/**
 * Stops running containers (in parallel), then removes the containers and networks and, unless
 * `keepVolumes`, the volumes. Returns the names of the containers that were running.
 */
export async function removeProject(docker: Docker, projectId: string, keepVolumes: boolean): Promise<string[]> {
  const containers = await projectContainers(docker, projectId);
  const running = containers.filter((info) => info.State === 'running');
  await Promise.all(running.map((info) => docker.getContainer(info.Id).stop({ t: 10 }).catch(ignoreGone)));
  await Promise.all(containers.map((info) => docker.getContainer(info.Id).remove({ force: true, v: false }).catch(ignoreGone)));
  const networks = await docker.listNetworks({ filters: projectFilter(projectId) });
  await Promise.all(networks.map((network) => docker.getNetwork(network.Id).remove().catch(ignoreGone)));
  if (!keepVolumes) {
    await Promise.all((await projectVolumes(docker, projectId)).map((name) => docker.getVolume(name).remove().catch(ignoreGone)));
  }
  return running.map((info) => info.Names[0]?.replace(/^\//, '') ?? info.Id);
}

/** Not found or already stopped (404/304) is what we wanted anyway. */
function ignoreGone(err: unknown): void {
  const code = statusCodeOf(err);
  if (code !== 404 && code !== 304) throw err;
}
