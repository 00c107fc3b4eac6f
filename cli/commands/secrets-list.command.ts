/**
 * `supabase secrets list` (GET /v1/projects/{ref}/secrets): each secret's name with the digest the
 * API gives in place of its value.
 */
import type { CommandContext } from '../context.js';
import { renderTable } from '../output/table.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const secrets = await expectStatus(
    'retrieving project secrets',
    api.GET('/v1/projects/{ref}/secrets', { params: { path: { ref } } }),
    [200],
  );
  ctx.io.stdout(`\n${renderTable(['NAME', 'DIGEST'], secrets.map((secret) => [secret.name, secret.value]))}\n`);
}
