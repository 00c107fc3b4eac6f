/**
 * `supabase encryption update-root-key` (PUT /v1/projects/{ref}/pgsodium): reads the new key without echo (or the whole
 * of a piped stdin), trimmed, and stores it. The closing line names `root-key update`, as the
 * original's does.
 */
import type { CommandContext } from '../context.js';
import { projectApi } from '../management-api/project-api.js';
import { askSecret } from '../prompt.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const rootKey = (await askSecret(ctx, 'Enter a new root key: ')).trim();
  await expectStatus(
    'updating project root key',
    api.PUT('/v1/projects/{ref}/pgsodium', { params: { path: { ref } }, body: { root_key: rootKey } }),
    [200],
  );
  ctx.io.stdout('Finished supabase root-key update.\n');
}
