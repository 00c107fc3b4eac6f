/**
 * `supabase sso list` (GET .../sso/providers): the project's identity providers; other formats
 * print `{"providers": [...]}`.
 */
import type { CommandContext } from '../context.js';
import { expectWorded } from '../management-api/answer.js';
import { projectApi } from '../management-api/project-api.js';
import { describeProviders, printResult } from '../management-api/sso-output.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const list = await expectWorded(
    api.GET('/v1/projects/{ref}/config/auth/sso/providers', { params: { path: { ref } } }),
    [200],
    ({ code, body }) => code === 404
      ? 'Looks like SAML 2.0 support is not enabled for this project. Please use the dashboard to enable it.'
      : `unexpected error listing identity providers: ${body}`,
  );
  await printResult(ctx, { providers: list.items }, () => describeProviders(list.items));
}
