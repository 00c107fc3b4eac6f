/**
 * `supabase postgres-config get` (experimental, GET /v1/projects/{ref}/config/database/postgres):
 * the project's custom Postgres settings.
 */
import type { CommandContext } from '../context.js';
import { describeOverrides } from '../platform/postgres-overrides-output.js';
import { currentOverrides } from '../platform/postgres-overrides-read.js';
import { projectApi } from '../platform/project-api.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  ctx.io.stdout(describeOverrides(await currentOverrides(api, ref)));
}
