/**
 * What every storage command starts from (in the original: the
 * management group, so a token, and the linked project): the project this folder is linked to (the
 * linked file only; the storage commands take no --project-ref), its service_role key read once
 * through the Management API, and a Storage API client for `<project URL>/storage/v1`; or, with
 * --local, the local stack's.
 */
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';
import type { StorageClient } from '../tasks/storage/storage-api.js';

const sessions = new WeakMap<CommandContext, Promise<StorageClient>>();

/**
 * With --local: the running local stack's Storage behind its API port, with the service_role key
 * of config.toml (the key the stack was started with); a stack that is down is the one message
 * every local command gives.
 */
async function localStorageClient(ctx: CommandContext): Promise<StorageClient> {
  const { loadProjectConfig } = await import('./project-config.js');
  const { portAnswers } = await import('../tasks/net/port-answers.js');
  const { stackNotRunning } = await import('../tasks/stack/not-running.js');
  const { StorageClient } = await import('../tasks/storage/storage-api.js');
  const { config } = await loadProjectConfig(ctx);
  if (!(await portAnswers('127.0.0.1', config.api.port))) throw stackNotRunning();
  return new StorageClient({ baseUrl: `http://127.0.0.1:${config.api.port}/storage/v1`, serviceRoleKey: config.auth.service_role_key, debug: (line) => ctx.log.debug(line) });
}

/** The Storage API client for this command run; the key is fetched on first use only. */
export function storageClient(ctx: CommandContext): Promise<StorageClient> {
  let session = sessions.get(ctx);
  if (!session && ctx.changed.has('linked') && ctx.changed.has('local')) {
    // Worded as cobra words a mutually exclusive group.
    return Promise.reject(new UsageError('if any flags in the group [linked local] are set none of the others can be; [linked local] were all set'));
  }
  if (!session && ctx.flags.local === true) {
    session = localStorageClient(ctx);
    sessions.set(ctx, session);
  }
  if (!session) {
    session = (async () => {
      const { requireLinkedRef } = await import('./project-ref.js');
      const { managementApi } = await import('../tasks/management-api/client/command-client.js');
      const { fetchServiceRoleKey } = await import('../tasks/storage/service-role-key.js');
      const { projectUrl } = await import('../tasks/management-api/client/hosts.js');
      const { StorageClient } = await import('../tasks/storage/storage-api.js');
      const ref = await requireLinkedRef(ctx.projectRoot);
      const serviceRoleKey = await fetchServiceRoleKey(await managementApi(ctx), ref);
      return new StorageClient({ baseUrl: `${projectUrl(ref, ctx.env)}/storage/v1`, serviceRoleKey, debug: (line) => ctx.log.debug(line) });
    })();
    sessions.set(ctx, session);
  }
  return session;
}

/** Writes a progress line to stderr, where the original prints them. */
export function noticeTo(ctx: CommandContext): (line: string) => void {
  return (line) => ctx.io.stderr(`${line}\n`);
}
