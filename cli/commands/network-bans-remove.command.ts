/**
 * `supabase network-bans remove --db-unban-ip ...` (experimental, DELETE
 * /v1/projects/{ref}/network-bans): lifts the bans on IPv4 addresses.
 */
import type { CommandContext } from '../context.js';
import { goList } from '../management-api/go-list.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';
import { checkUnbanAddresses } from '../../tasks/management-api/cidr-ranges.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const addresses = (ctx.flags['db-unban-ip'] as string[] | undefined) ?? [];
  checkUnbanAddresses(addresses);
  const { api, ref } = await projectApi(ctx);
  await expectStatus(
    'removing network bans',
    api.DELETE('/v1/projects/{ref}/network-bans', { params: { path: { ref } }, body: { ipv4_addresses: addresses } }),
    [200],
  );
  ctx.io.stdout(`Successfully removed bans for ${goList(addresses)}.\n`);
}
