/**
 * Manual identity linking as GoTrue v2.132.3 serves it, behind requireAuthentication and then
 * requireManualLinkingEnabled (`[auth] enable_manual_linking`, off by default: both routes are then
 * GoTrue's 404 `Manual linking is disabled`, the message supabase-js shows). GET
 * /user/identities/authorize starts the provider's OAuth flow for the signed-in user (its URL as
 * JSON with `skip_http_redirect=true`, as supabase-js asks, else a 302); the callback adds the
 * identity to that user (external/link-identity.ts). DELETE /user/identities/:identity_id unlinks
 * one of the user's identities, never the last, with its audit entry, and recomputes the user's
 * address and app_metadata providers from what remains.
 */
import { inTransaction } from '../auth-db.js';
import { badRequest, forbidden, notFound } from '../auth-error.js';
import { isUuid } from '../auth-guards.js';
import { requestAud } from '../auth-request.js';
import type { AuthReply, AuthState, RouteContext, UserCaller } from '../auth-state.js';
import { audit } from '../store/audit-log.js';
import { refreshAppMetaDataProviders } from '../store/external-identities.js';
import { deleteIdentity, moveEmailToIdentity, userIdentities } from '../store/user-identities.js';
import { providerRedirectUrl, redirectReply } from './external.js';
import { actorOf } from './signup.js';

function requireManualLinking(state: AuthState): void {
  if (!state.auth.manualLinking) throw notFound('Manual linking is disabled');
}

export async function linkIdentity(context: RouteContext<UserCaller>): Promise<AuthReply> {
  requireManualLinking(context.state);
  const redirect = await providerRedirectUrl(context, context.caller.user.id);
  if (context.request.query.get('skip_http_redirect') === 'true') return { status: 200, body: { url: redirect.url }, headers: redirect.cookie ? { 'set-cookie': redirect.cookie } : {} };
  return redirectReply(context.request, redirect);
}

export async function unlinkIdentity(context: RouteContext<UserCaller>): Promise<AuthReply> {
  const { request, state, caller } = context;
  requireManualLinking(state);
  if (requestAud(request, caller.claims) !== caller.claims.aud) throw badRequest("Token audience doesn't match request audience");
  const identityId = request.params.identity_id ?? '';
  if (!isUuid(identityId)) throw badRequest('identity_id must be an UUID');
  const identities = await userIdentities(state.pool, caller.user.id);
  if (identities.length <= 1) throw badRequest('User must have at least 1 identity after unlinking');
  // GoTrue parses the id, so any spelling of it (case, dashes) names the same identity.
  const canonical = (id: string): string => id.toLowerCase().replace(/-/g, '');
  const unlinked = identities.find((identity) => canonical(identity.id) === canonical(identityId));
  if (!unlinked) throw badRequest("Identity doesn't exist");
  await inTransaction(state.pool, async (tx) => {
    await audit(tx, actorOf(caller.user), 'identity_unlinked', { identity_id: unlinked.id, provider: unlinked.provider, provider_id: unlinked.provider_id });
    await deleteIdentity(tx, unlinked.id);
    if (!(await moveEmailToIdentity(tx, caller.user))) throw forbidden('Unable to unlink identity due to email conflict');
    await refreshAppMetaDataProviders(tx, caller.user.id);
  });
  return { status: 200, body: {} };
}
