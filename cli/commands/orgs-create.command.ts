/** `supabase orgs create <name>` (POST /v1/organizations): creates the organization and prints its id. */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const api = await managementApi(ctx);
  const org = await expectStatus('creating organization', api.POST('/v1/organizations', { body: { name: ctx.args[0] } }), [201]);
  ctx.io.stdout(`Created organization: ${org.id}\n`);
}
