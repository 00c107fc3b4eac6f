/**
 * `supabase secrets unset [NAME ...]` (DELETE /v1/projects/{ref}/secrets): deletes the named
 * secrets; no names sends an empty list.
 */
import type { CommandContext } from '../context.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  await expectStatus(
    'unsetting project secrets',
    api.DELETE('/v1/projects/{ref}/secrets', { params: { path: { ref } }, body: [...ctx.args] }),
    [200],
  );
  ctx.io.stdout('Finished supabase secrets unset.\n');
}
