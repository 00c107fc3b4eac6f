/**
 * Which provider an ID token grant (POST /token?grant_type=id_token) is for, as GoTrue v2.132.3's
 * IdTokenGrantParams.getProvider decides it: by `provider`, else by `issuer` (Apple, Google, an
 * Azure tenant, Facebook, the Keycloak realm of `[auth.external.keycloak] url`); any other issuer
 * is refused unless GoTrue's allow list has it (only Apple's and Google's, which the cases above
 * take first). The provider must be enabled in `[auth.external.<name>]`; its client ids (a comma
 * separated client_id) are the audiences the token may carry.
 */
import { decodeJwt } from 'jose';
import { badRequest } from '../auth-error.js';
import type { AuthApiSettings, AuthExternalProvider } from '../auth-settings.js';

export const ISSUER_APPLE = 'https://appleid.apple.com';
export const ISSUER_GOOGLE = 'https://accounts.google.com';
const ISSUER_FACEBOOK = 'https://www.facebook.com';
const AZURE_ISSUER = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/;

export interface IdTokenProvider {
  /** The identities' provider name. */
  providerType: string;
  issuer: string;
  clientIds: string[];
}

export interface IdTokenGrantParams {
  idToken: string;
  provider: string;
  clientId: string;
  issuer: string;
}

/** Go's %q for the texts GoTrue quotes (printable ones: JSON's quoting is the same). */
const quoted = (text: string): string => JSON.stringify(text);

/** GoTrue's DetectAzureIDTokenIssuer: the token's own `iss`, read without verifying it. */
function azureIssuerOf(idToken: string): string {
  try {
    const issuer = decodeJwt(idToken).iss ?? '';
    if (AZURE_ISSUER.test(issuer)) return issuer;
  } catch {
    // GoTrue's error text is internal; the answer below is what the client sees.
  }
  throw badRequest('Unable to detect issuer in ID token for Azure provider');
}

export function idTokenProvider(auth: AuthApiSettings, params: IdTokenGrantParams): IdTokenProvider {
  const external = (name: string): AuthExternalProvider | undefined => auth.external[name];
  const clientIds = (name: string): string[] => (external(name)?.clientId ?? '').split(',').filter((id) => id !== '');
  let chosen: IdTokenProvider;
  const keycloak = external('keycloak');
  if (params.provider === 'apple' || params.issuer === ISSUER_APPLE) {
    chosen = { providerType: 'apple', issuer: ISSUER_APPLE, clientIds: clientIds('apple') };
  } else if (params.provider === 'google' || params.issuer === ISSUER_GOOGLE) {
    chosen = { providerType: 'google', issuer: ISSUER_GOOGLE, clientIds: clientIds('google') };
  } else if (params.provider === 'azure' || AZURE_ISSUER.test(params.issuer)) {
    const issuer = AZURE_ISSUER.test(params.issuer) ? params.issuer : azureIssuerOf(params.idToken);
    chosen = { providerType: 'azure', issuer, clientIds: clientIds('azure') };
  } else if (params.provider === 'facebook' || params.issuer === ISSUER_FACEBOOK) {
    chosen = { providerType: 'facebook', issuer: ISSUER_FACEBOOK, clientIds: clientIds('facebook') };
  } else if (params.provider === 'keycloak' || (keycloak?.enabled && keycloak.url !== '' && params.issuer === keycloak.url)) {
    chosen = { providerType: 'keycloak', issuer: keycloak?.url ?? '', clientIds: clientIds('keycloak') };
  } else {
    // GoTrue's default allow list holds only Apple's and Google's issuers, taken above.
    throw badRequest(`Custom OIDC provider ${quoted(params.issuer)} not allowed`);
  }
  if (!external(chosen.providerType)?.enabled) throw badRequest(`Provider (issuer ${quoted(chosen.issuer)}) is not enabled`);
  return chosen;
}
