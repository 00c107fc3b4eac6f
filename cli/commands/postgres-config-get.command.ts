/**
 * `supabase postgres-config get` (experimental, GET /v1/projects/{ref}/config/database/postgres):
 * the project's custom Postgres settings.
 */
import type { CommandContext } from '../context.js';
import { describeOverrides } from '../management-api/postgres-overrides-output.js';
import { currentOverrides } from '../management-api/postgres-overrides-read.js';
import { projectApi } from '../management-api/project-api.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  ctx.io.stdout(describeOverrides(await currentOverrides(api, ref)));
}
