/**
 * `functions download <slug>` (GET .../functions/{slug}/body): fetches the deployed eszip and
 * unpacks it into supabase/functions.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { validateSlug } = await import('../../tasks/functions/function-slug.js');
  const slug = validateSlug(ctx.args[0]!);
  if (ctx.flags['legacy-bundle'] === true) {
    throw new UserError(
      '--legacy-bundle is not available in this build: it downloads Deno 1.30.3 from GitHub at run time to unpack the old bundle format.',
      `Download without --legacy-bundle, or use the original supabase CLI for functions deployed before CLI 1.120.0.`,
    );
  }
  const { loadLocalProject } = await import('../stack/local-project.js');
  const { projectApi } = await import('../management-api/project-api.js');
  const { unexpectedAnswer } = await import('../../tasks/management-api/client/client.js');
  const { eszipFromBody } = await import('../../tasks/functions/eszip/compressed-eszip.js');
  const { unbundleFunctions } = await import('../../tasks/functions/eszip/unbundle.js');
  const { root } = await loadLocalProject(ctx);
  const { ref, api } = await projectApi(ctx);
  ctx.io.stdout(`Downloading ${slug}\n`);
  const result = await api.GET('/v1/projects/{ref}/functions/{function_slug}/body', {
    params: { path: { ref, function_slug: slug } },
    parseAs: 'arrayBuffer',
  });
  if (result.response.status !== 200) throw unexpectedAnswer('downloading Function', result);
  try {
    const written = await unbundleFunctions(root, await eszipFromBody(new Uint8Array(result.data as ArrayBuffer)));
    for (const file of written) ctx.log.debug(`wrote ${file}`);
  } catch (error) {
    const { isTaskError } = await import('../../tasks/task-error.js');
    if (!isTaskError(error)) throw error;
    throw new UserError(error.message, `If your function is deployed using CLI < 1.120.0, trying running supabase functions download --legacy-bundle ${slug} instead.`, { cause: error });
  }
}
