/**
 * `supabase ssl-enforcement get` (experimental, GET /v1/projects/{ref}/ssl-enforcement): whether
 * database connections must use SSL.
 */
import type { CommandContext } from '../context.js';
import { projectApi } from '../management-api/project-api.js';
import { expectAnswer } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const answer = await expectAnswer(
    api.GET('/v1/projects/{ref}/ssl-enforcement', { params: { path: { ref } } }),
    [200],
    'failed to retrieve SSL enforcement config; received: ',
  );
  const enforced = answer.currentConfig.database && answer.appliedSuccessfully;
  ctx.io.stdout(enforced ? 'SSL is being enforced.\n' : 'SSL is *NOT* being enforced.\n');
}
