/**
 * `supabase sso update <provider-id>` (GET, then PUT, the provider): reads the provider, then replaces its metadata,
 * attribute mapping or domains. --domains sets the whole list; --add-domains and --remove-domains
 * edit the current one. Domains are sent only when one of those flags was given.
 */
import type { CommandContext } from '../context.js';
import { expectWorded } from '../management-api/answer.js';
import { projectApi } from '../management-api/project-api.js';
import { providerIdArg, providerNotFound, providerSource } from '../management-api/sso-input.js';
import { printProvider, type Provider } from '../management-api/sso-output.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const id = providerIdArg(ctx);
  const { api, ref } = await projectApi(ctx);
  const path = { ref, provider_id: id };
  const current = await expectWorded(
    api.GET('/v1/projects/{ref}/config/auth/sso/providers/{provider_id}', { params: { path } }),
    [200],
    ({ code, body }) => (code === 404 ? providerNotFound(id) : `unexpected error fetching identity provider: ${body}`),
  );
  const domains = newDomains(ctx, current);
  const body = { ...(await providerSource(ctx)), ...(domains ? { domains } : {}) };
  const updated = await expectWorded(
    api.PUT('/v1/projects/{ref}/config/auth/sso/providers/{provider_id}', { params: { path }, body }),
    [200],
    ({ body: sent }) => `unexpected error updating identity provider: ${sent}`,
  );
  await printProvider(ctx, updated);
}

/** The domain list to send, or undefined to leave the domains alone. */
function newDomains(ctx: CommandContext, current: Provider): string[] | undefined {
  const list = (name: string) => (ctx.flags[name] as string[] | undefined) ?? [];
  if (list('domains').length > 0) return list('domains');
  if (!ctx.changed.has('add-domains') && !ctx.changed.has('remove-domains')) return undefined;
  const removed = new Set(list('remove-domains'));
  const kept = (current.domains ?? []).map((domain) => domain.domain).filter((domain): domain is string => Boolean(domain) && !removed.has(domain!));
  return [...new Set([...kept, ...list('add-domains')])];
}
