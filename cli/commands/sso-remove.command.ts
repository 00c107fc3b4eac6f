/**
 * `supabase sso remove <provider-id>` (DELETE .../sso/providers/{id}): deletes the provider and
 * prints what was removed.
 */
import type { CommandContext } from '../context.js';
import { expectWorded } from '../management-api/answer.js';
import { projectApi } from '../management-api/project-api.js';
import { providerIdArg, providerNotFound } from '../management-api/sso-input.js';
import { printProvider } from '../management-api/sso-output.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const id = providerIdArg(ctx);
  const { api, ref } = await projectApi(ctx);
  const removed = await expectWorded(
    api.DELETE('/v1/projects/{ref}/config/auth/sso/providers/{provider_id}', { params: { path: { ref, provider_id: id } } }),
    [200],
    ({ code, body }) => (code === 404 ? providerNotFound(id) : `Unexpected error removing identity provider: ${body}`),
  );
  await printProvider(ctx, removed);
}
