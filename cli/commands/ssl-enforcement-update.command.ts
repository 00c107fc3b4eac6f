/**
 * `supabase ssl-enforcement update --enable-db-ssl-enforcement | --disable-db-ssl-enforcement`
 * (experimental, PUT /v1/projects/{ref}/ssl-enforcement). The registry keeps the two flags
 * exclusive; giving neither is refused here.
 */
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import { projectApi } from '../management-api/project-api.js';
import { expectAnswer } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const enable = ctx.flags['enable-db-ssl-enforcement'] === true;
  if (!enable && ctx.flags['disable-db-ssl-enforcement'] !== true) {
    throw new UsageError('enable/disable not specified', 'Pass --enable-db-ssl-enforcement or --disable-db-ssl-enforcement.');
  }
  const { api, ref } = await projectApi(ctx);
  const answer = await expectAnswer(
    api.PUT('/v1/projects/{ref}/ssl-enforcement', { params: { path: { ref } }, body: { requestedConfig: { database: enable } } }),
    [200],
    'failed to update SSL enforcement config: ',
  );
  const enforced = answer.currentConfig.database && answer.appliedSuccessfully;
  ctx.io.stdout(enforced ? 'SSL is now being enforced.\n' : 'SSL is *NOT* being enforced.\n');
}
