/**
 * `supabase network-restrictions update --db-allow-cidr ...` (experimental, POST .../apply): replaces the
 * allowed ranges. Every range is checked before anything is sent; both lists are always sent.
 */
import type { CommandContext } from '../context.js';
import { describeRestrictions } from '../management-api/network-restrictions-output.js';
import { projectApi } from '../management-api/project-api.js';
import { expectAnswer } from '../../tasks/management-api/client/client.js';
import { splitAllowedCidrs } from '../../tasks/management-api/cidr-ranges.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const body = splitAllowedCidrs((ctx.flags['db-allow-cidr'] as string[] | undefined) ?? [], ctx.flags['bypass-cidr-checks'] === true);
  const { api, ref } = await projectApi(ctx);
  const answer = await expectAnswer(
    api.POST('/v1/projects/{ref}/network-restrictions/apply', { params: { path: { ref } }, body }),
    [201],
    'failed to apply network restrictions: ',
  );
  ctx.io.stdout(describeRestrictions(answer));
}
