/**
 * `functions deploy` against the Management API, as the original: bundle, then create the function
 * when the platform does not know it (404) or update it (200), sending the compressed eszip with
 * `verify_jwt`, `import_map_path` and `entrypoint_path` in the query. Each function is tried up to
 * four times (three retries with exponential backoff, as the original), bundling again each time.
 */
import type { ManagementClient } from '../management-api/client/client.js';
import { rawBody } from '../management-api/client/client.js';
import type { components } from '../management-api/client/management-api.gen.js';
import { humanSize } from '../project/size.js';
import { TaskError, messageOf } from '../task-error.js';
import { CONTAINER_IMPORT_MAP, bundleFunction, checkEntrypoint, containerEntrypoint } from './eszip/bundle.js';
import { ESZIP_CONTENT_TYPE, compressEszip } from './eszip/compressed-eszip.js';

export interface DeployOne {
  root: string;
  ref: string;
  slug: string;
  verifyJwt: boolean;
  /** The host import map (absolute), or undefined. */
  importMap?: string;
  /** `Bundling ...`, `Deploying ...` lines. */
  say: (line: string) => void;
}

/** Waits of the original's backoff (500 ms growing by 1.5, each randomised by half). */
export function retryDelays(random: () => number = Math.random): number[] {
  return [500, 750, 1125].map((base) => Math.round(base * (0.5 + random())));
}

/** Deploys one function, retrying failures; resolves once the platform has it. */
export async function deployWithRetries(api: ManagementClient, job: DeployOne, delays = retryDelays()): Promise<void> {
  // A missing file is not worth retrying.
  await checkEntrypoint(job.root, job.slug);
  for (let attempt = 0; ; attempt++) {
    try {
      return await deployOnce(api, job);
    } catch (error) {
      if (attempt >= delays.length) throw error;
      job.say(`Retrying after ${delays[attempt]}ms: ${messageOf(error)}`);
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

async function deployOnce(api: ManagementClient, job: DeployOne): Promise<void> {
  const { ref, slug } = job;
  job.say(`Bundling ${slug}`);
  const body = await compressEszip(await bundleFunction(job.root, slug, job.importMap));
  job.say(`Deploying ${slug} (script size: ${humanSize(body.byteLength)})`);
  const query = {
    verify_jwt: job.verifyJwt,
    // The platform expects an import map path even when there is none (as the original sends it).
    import_map_path: `file://${CONTAINER_IMPORT_MAP}`,
    entrypoint_path: `file://${containerEntrypoint(slug)}`,
  };
  // The eszip is bytes, not the JSON body the spec also allows: sent as is with its media type.
  const eszip = {
    body: body as unknown as components['schemas']['CreateFunctionBody'],
    bodySerializer: (bytes: unknown) => bytes,
    headers: { 'Content-Type': ESZIP_CONTENT_TYPE },
  };
  const existing = await api.GET('/v1/projects/{ref}/functions/{function_slug}', { params: { path: { ref, function_slug: slug } } });
  const status = existing.response.status;
  if (status === 404) {
    const created = await api.POST('/v1/projects/{ref}/functions', { params: { path: { ref }, query: { slug, name: slug, ...query } }, ...eszip });
    if (created.response.status !== 201) throw new TaskError(`Failed to create a new Function on the Supabase project: ${rawBody(created.response, created.error)}`);
  } else if (status === 200) {
    const updated = await api.PATCH('/v1/projects/{ref}/functions/{function_slug}', { params: { path: { ref, function_slug: slug }, query }, ...eszip });
    if (updated.response.status !== 200) throw new TaskError(`Failed to update an existing Function's body on the Supabase project: ${rawBody(updated.response, updated.error)}`);
  } else {
    throw new TaskError(`Unexpected error deploying Function: ${rawBody(existing.response, existing.error)}`);
  }
}
