/**
 * `supabase services` (a Management API command in the original, so it wants a token): the image of
 * every service with the version the local stack runs and, for a linked folder, the version the
 * hosted project runs (the same probes as link).
 */
import type { CommandContext } from '../context.js';
import { renderTable } from '../output/table.js';
import type { ServiceId } from '../../tasks/docker/services/index.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import type { RemoteVersions } from '../../tasks/management-api/project-probes.js';

/** The rows, in the original's order, and which remote version each one compares with. */
const ROWS: Array<[ServiceId, keyof RemoteVersions | undefined]> = [
  ['db', 'postgres'], ['auth', 'gotrue'], ['rest', 'rest'], ['realtime', undefined], ['storage', 'storage'],
  ['edge-runtime', undefined], ['studio', undefined], ['pg-meta', undefined], ['analytics', undefined],
  ['pooler', undefined], ['imgproxy', undefined],
];

/** Prints the version table; suggests `link` when a linked version differs from the local one. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const config = await localConfig(ctx);
  const { readLinkedRef } = await import('../project-ref.js');
  const ref = await readLinkedRef(ctx.projectRoot).catch(() => undefined);
  const linked = ref ? await linkedVersions(ctx, ref) : {};
  const { servicePlugin } = await import('../../tasks/docker/services/index.js');
  let differs = false;
  const rows = ROWS.map(([id, remote]) => {
    const [image, tag] = servicePlugin(id).image(config).split(':');
    const version = remote ? linked[remote] : undefined;
    if (version !== undefined && version !== tag && id !== 'db') differs = true;
    return [image, tag, version ?? '-'];
  });
  ctx.io.stdout(renderTable(['SERVICE IMAGE', 'LOCAL', 'LINKED'], rows));
  if (differs) ctx.io.stderr('Run supabase link to sync your local image versions with the linked project.\n');
}

/** The project's config; outside a project (or with a broken one) the built-in images stand. */
async function localConfig(ctx: CommandContext): Promise<ProjectConfig> {
  const { loadConfig } = await import('../../tasks/project/config-load.js');
  try {
    return (await loadConfig(ctx.projectRoot, { env: ctx.env })).config;
  } catch (error) {
    ctx.log.debug(`config not loaded, showing the built-in images: ${(error as Error).message}`);
    const { IMAGES } = await import('../../tasks/project/config-rules.js');
    return { images: { db: IMAGES.pg15, rest: IMAGES.rest, auth: IMAGES.auth, storage: IMAGES.storage } } as ProjectConfig;
  }
}

/** The versions the linked project runs; what cannot be learned stays unknown. */
async function linkedVersions(ctx: CommandContext, ref: string): Promise<RemoteVersions> {
  const { managementApi } = await import('../../tasks/management-api/client/command-client.js');
  const { databaseVersion, fetchApiKeys, remoteVersions } = await import('../../tasks/management-api/project-probes.js');
  const api = await managementApi(ctx);
  const failed = (error: unknown) => void ctx.log.debug((error as Error).message ?? String(error));
  try {
    const keys = await fetchApiKeys(api, ref);
    return await remoteVersions(api, ref, keys, { env: ctx.env, debug: (line) => ctx.log.debug(line), failed });
  } catch (error) {
    // Without the anon key only the database version can be read.
    failed(error);
    return { postgres: await databaseVersion(api, ref).catch((reason: unknown) => void failed(reason)) ?? undefined };
  }
}
