/** `supabase orgs list` (GET /v1/organizations): the organizations the token belongs to, as an ID / NAME table. */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { renderTable } from '../output/table.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const api = await managementApi(ctx);
  const orgs = await expectStatus('retrieving organizations', api.GET('/v1/organizations'), [200]);
  ctx.io.stdout(`\n${renderTable(['ID', 'NAME'], orgs.map((org) => [org.id, org.name]))}\n`);
}
