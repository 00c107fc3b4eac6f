/**
 * GoTrue v2.132.3's SAML single sign-on routes (POST /sso, GET /sso/saml/metadata, POST
 * /sso/saml/acs) behind their requireSAMLEnabled middleware. The CLI never sets
 * GOTRUE_SAML_ENABLED (SAML needs a private key and an identity provider, which a local stack has
 * neither of), so GoTrue answers every one of them with the same 404, before reading the request:
 * supabase-js's signInWithSSO shows that message, not a gateway's "no Route matched".
 */
import { notFound } from '../auth-error.js';
import type { AuthReply } from '../auth-state.js';

export async function samlDisabled(): Promise<AuthReply> {
  throw notFound('SAML 2.0 is disabled');
}
