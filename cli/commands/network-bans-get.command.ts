/**
 * `supabase network-bans get` (experimental in the original): the banned addresses; the platform
 * reads them with a POST.
 */
import type { CommandContext } from '../context.js';
import { goList } from '../management-api/go-list.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const bans = await expectStatus(
    'retrieving network bans',
    api.POST('/v1/projects/{ref}/network-bans/retrieve', { params: { path: { ref } } }),
    [201],
  );
  ctx.io.stdout(`DB banned IPs: ${goList(bans.banned_ipv4_addresses)}\n`);
}
