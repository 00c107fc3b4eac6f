/**
 * `supabase sso add --type saml ...` (POST .../sso/providers): registers a SAML identity provider from its
 * metadata (file or HTTPS address), with optional email domains and attribute mapping.
 */
import type { CommandContext } from '../context.js';
import { expectWorded } from '../management-api/answer.js';
import { projectApi } from '../management-api/project-api.js';
import { providerSource } from '../management-api/sso-input.js';
import { printProvider } from '../management-api/sso-output.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const body = {
    type: 'saml' as const,
    ...(await providerSource(ctx)),
    ...(ctx.changed.has('domains') ? { domains: ctx.flags.domains as string[] } : {}),
  };
  const provider = await expectWorded(
    api.POST('/v1/projects/{ref}/config/auth/sso/providers', { params: { path: { ref } }, body }),
    [201],
    ({ code, body: sent }) => code === 404
      ? 'SAML 2.0 support is not enabled for this project. Please enable it through the dashboard'
      : `Unexpected error adding identity provider: ${sent}`,
  );
  await printProvider(ctx, provider);
}
