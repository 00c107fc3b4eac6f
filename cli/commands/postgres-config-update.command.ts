/**
 * `supabase postgres-config update --config k=v ... [--replace-existing-overrides]` (experimental,
 * PUT /v1/projects/{ref}/config/database/postgres): merges the pairs into the current overrides
 * (or replaces them all), sends the result, then reads the settings back and prints them as `get`
 * does.
 */
import type { CommandContext } from '../context.js';
import { expectWorded } from '../management-api/answer.js';
import { describeOverrides } from '../management-api/postgres-overrides-output.js';
import { currentOverrides } from '../management-api/postgres-overrides-read.js';
import { projectApi } from '../management-api/project-api.js';
import { mergeOverrides, parseOverrides } from '../../tasks/management-api/postgres-overrides.js';
import type { components } from '../../tasks/management-api/client/management-api.gen.js';

const DOCS = 'https://supabase.com/docs/guides/platform/custom-postgres-config';

export default async function run(ctx: CommandContext): Promise<void> {
  const changes = parseOverrides((ctx.flags.config as string[] | undefined) ?? []);
  const { api, ref } = await projectApi(ctx);
  const base = ctx.flags['replace-existing-overrides'] === true ? {} : await currentOverrides(api, ref);
  // The values were typed from text; the platform checks names and ranges, as it does for the original.
  const body = mergeOverrides(base, changes) as components['schemas']['UpdatePostgresConfigBody'];
  await expectWorded(
    api.PUT('/v1/projects/{ref}/config/database/postgres', { params: { path: { ref } }, body }),
    [200],
    ({ code, status, body: sent }) => {
      const message = `failed to update config overrides: ${status} (${sent})`;
      return code === 400 ? [message, `An override is probably unsupported or has an invalid value; see ${DOCS}`] : message;
    },
  );
  ctx.io.stdout(describeOverrides(await currentOverrides(api, ref)));
}
