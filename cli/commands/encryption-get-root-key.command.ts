/** `supabase encryption get-root-key` (GET /v1/projects/{ref}/pgsodium): prints the project's pgsodium root key. */
import type { CommandContext } from '../context.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const config = await expectStatus('retrieving project root key', api.GET('/v1/projects/{ref}/pgsodium', { params: { path: { ref } } }), [200]);
  ctx.io.stdout(`${config.root_key}\n`);
}
