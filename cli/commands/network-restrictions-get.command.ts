/**
 * `supabase network-restrictions get` (experimental, GET /v1/projects/{ref}/network-restrictions):
 * the ranges allowed to reach the database.
 */
import type { CommandContext } from '../context.js';
import { describeRestrictions } from '../management-api/network-restrictions-output.js';
import { projectApi } from '../management-api/project-api.js';
import { expectAnswer } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const answer = await expectAnswer(
    api.GET('/v1/projects/{ref}/network-restrictions', { params: { path: { ref } } }),
    [200],
    'failed to retrieve network restrictions; received: ',
  );
  ctx.io.stdout(describeRestrictions(answer));
}
