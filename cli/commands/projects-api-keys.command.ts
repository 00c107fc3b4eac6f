/**
 * `supabase projects api-keys` (GET /v1/projects/{ref}/api-keys): the project's API keys as a NAME
 * / KEY VALUE table.
 */
import type { CommandContext } from '../context.js';
import { renderTable } from '../output/table.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const keys = await expectStatus(
    'retrieving project api-keys',
    api.GET('/v1/projects/{ref}/api-keys', { params: { path: { ref } } }),
    [200],
  );
  ctx.io.stdout(`\n${renderTable(['NAME', 'KEY VALUE'], keys.map((key) => [key.name, key.api_key]))}\n`);
}
