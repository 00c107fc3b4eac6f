/**
 * `supabase sso show <provider-id> [--metadata]` (GET .../sso/providers/{id}): one provider, or
 * only its raw SAML metadata XML.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { expectWorded } from '../management-api/answer.js';
import { projectApi } from '../management-api/project-api.js';
import { providerIdArg, providerNotFound } from '../management-api/sso-input.js';
import { printProvider } from '../management-api/sso-output.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const id = providerIdArg(ctx);
  const { api, ref } = await projectApi(ctx);
  const provider = await expectWorded(
    api.GET('/v1/projects/{ref}/config/auth/sso/providers/{provider_id}', { params: { path: { ref, provider_id: id } } }),
    [200],
    ({ code, body }) => (code === 404 ? providerNotFound(id) : `Unexpected error fetching identity provider: ${body}`),
  );
  if (ctx.flags.metadata !== true) return printProvider(ctx, provider);
  const xml = provider.saml?.metadata_xml;
  if (!xml) throw new UserError(`The identity provider ${id} has no SAML 2.0 metadata XML stored.`);
  ctx.io.stdout(`${xml}\n`);
}
