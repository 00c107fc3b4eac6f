/**
 * `supabase sso info`: what an identity provider's set-up asks for (ACS URL, entity id, relay
 * state), derived from the project ref without calling the API, as the original does.
 */
import type { CommandContext } from '../context.js';
import { resolveProjectRef } from '../project-ref.js';
import { renderTable } from '../output/table.js';
import { printResult } from '../management-api/sso-output.js';
import { projectHost } from '../../tasks/management-api/client/hosts.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const ref = await resolveProjectRef(ctx);
  const base = `https://${projectHost(ref, ctx.env)}`;
  const info = { acs_url: `${base}/auth/v1/sso/saml/acs`, entity_id: `${base}/auth/v1/sso/saml/metadata`, relay_state: base };
  await printResult(ctx, info, () => `\n${renderTable(['PROPERTY', 'VALUE'], [
    ['Single sign-on URL (ACS URL)', info.acs_url],
    ['Audience URI (SP Entity ID)', info.entity_id],
    ['Default Relay State', info.relay_state],
  ])}\n`);
}
