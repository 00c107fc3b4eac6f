/**
 * What every storage command starts from (facts §9): the project this folder is linked to (the
 * linked file only; the storage commands take no --project-ref), its service_role key read once
 * through the Management API, and a Storage API client for `<project URL>/storage/v1`.
 */
import type { CommandContext } from './context.js';
import type { StorageClient } from '../tasks/storage/storage-api.js';

const sessions = new WeakMap<CommandContext, Promise<StorageClient>>();

/** The Storage API client for this command run; the key is fetched on first use only. */
export function storageClient(ctx: CommandContext): Promise<StorageClient> {
  let session = sessions.get(ctx);
  if (!session) {
    session = (async () => {
      const { requireLinkedRef } = await import('./project-ref.js');
      const { managementApi } = await import('./management-api.js');
      const { fetchServiceRoleKey } = await import('../tasks/storage/service-role-key.js');
      const { projectUrl } = await import('../tasks/platform/api/hosts.js');
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
