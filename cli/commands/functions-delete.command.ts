/**
 * `functions delete <slug>` (DELETE /v1/projects/{ref}/functions/{slug}): removes the deployed
 * function; the local source stays.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { validateSlug } = await import('../../tasks/functions/function-slug.js');
  const slug = validateSlug(ctx.args[0]!);
  const { projectApi } = await import('../management-api/project-api.js');
  const { rawBody } = await import('../../tasks/management-api/client/client.js');
  const { ref, api } = await projectApi(ctx);
  const result = await api.DELETE('/v1/projects/{ref}/functions/{function_slug}', { params: { path: { ref, function_slug: slug } } });
  const status = result.response.status;
  if (status === 404) throw new UserError(`Function ${slug} does not exist on the Supabase project.`, 'See the deployed functions with supabase functions list.');
  if (status !== 200) throw new UserError(`Failed to delete Function ${slug} on the Supabase project: ${rawBody(result.response, result.error)}`);
  ctx.io.stdout(`Deleted Function ${slug} from project ${ref}.\n`);
}
