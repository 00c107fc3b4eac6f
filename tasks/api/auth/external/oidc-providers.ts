/**
 * GoTrue v2.132.3's OAuth providers whose user is the ID token of the code exchange rather than a
 * user-info API. Azure (provider/azure.go): the authorization and token endpoints under
 * login.microsoftonline.com/common (the `url` setting names a tenant instead), scopes `openid` plus
 * the request's; the ID token's own issuer must be an Azure tenant's (and the configured tenant's
 * when `url` names one), and it is verified by that issuer's discovery and keys, for this client,
 * and read as parseAzureIDToken reads it. Apple (provider/apple.go): the endpoints of
 * appleid.apple.com's discovery (its `url` setting is ignored), scopes `email name` only,
 * response_mode=form_post (Apple posts the callback), the client's id and secret also in the code
 * exchange's form, the ID token read as parseAppleIDToken reads it, and the name Apple posts once,
 * in the callback's `user` parameter, as the claims' name and full_name. LinkedIn OIDC
 * (provider/linkedin_oidc.go): endpoints under api.linkedin.com (or `url`), scopes `openid email
 * profile` plus the request's, and the ID token verified with the discovery document found under
 * www.linkedin.com/oauth (whose issuer is www.linkedin.com) and read by parseLinkedinIDToken.
 */
import { decodeJwt } from 'jose';
import type { AuthExternalProvider } from '../auth-settings.js';
import { ISSUER_LINKEDIN } from './id-token-apple-azure.js';
import { ISSUER_APPLE } from './id-token-provider.js';
import { AZURE_ISSUER, discover, verifyIdToken } from './id-token-verify.js';
import type { ProviderToken } from './oauth-http.js';
import { chooseHost, endpoints, withScopes, type OAuthProvider, type UserProvidedData } from './provider-kit.js';

const AZURE_COMMON = 'https://login.microsoftonline.com/common/v2.0';
const AZURE_ORGANIZATIONS = 'https://login.microsoftonline.com/organizations/v2.0';

/** go-oidc's verification with a ClientID: the token must be meant for this client. */
async function idTokenData(issuer: string, clientId: string, idToken: string, token: ProviderToken, discoveryAt = issuer): Promise<UserProvidedData> {
  const { audiences, data } = await verifyIdToken(issuer, idToken, token.accessToken, discoveryAt);
  if (!audiences.includes(clientId)) throw new Error(`oidc: expected audience ${JSON.stringify(clientId)} got ${JSON.stringify(audiences)}`);
  return data;
}

function azure(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const host = chooseHost(config.url, 'login.microsoftonline.com/common');
  // A `url` naming one tenant pins the issuer; common and organizations accept any tenant.
  let expectedIssuer = config.url ? `${host}/v2.0` : '';
  if (!AZURE_ISSUER.test(expectedIssuer) || expectedIssuer === AZURE_COMMON || expectedIssuer === AZURE_ORGANIZATIONS) expectedIssuer = '';
  return {
    endpoints: endpoints(config, `${host}/oauth2/v2.0/authorize`, `${host}/oauth2/v2.0/token`, withScopes(['openid'], scopes)),
    async userData(token) {
      const idToken = token.extra.id_token;
      if (typeof idToken !== 'string') throw new Error('azure: no OIDC ID token present in response');
      let issuer = '';
      try {
        issuer = decodeJwt(idToken).iss ?? '';
      } catch (error) {
        throw new Error(`azure: invalid ID token ${(error as Error).message}`);
      }
      if (!AZURE_ISSUER.test(issuer)) throw new Error(`azure: ID token issuer not valid ${JSON.stringify(issuer)}`);
      if (expectedIssuer && issuer !== expectedIssuer) throw new Error(`azure: ID token issuer ${JSON.stringify(issuer)} does not match expected issuer ${JSON.stringify(expectedIssuer)}`);
      return idTokenData(issuer, config.clientId, idToken, token);
    },
  };
}

async function apple(config: AuthExternalProvider): Promise<OAuthProvider> {
  const discovery = await discover(ISSUER_APPLE);
  const base = endpoints(config, discovery.authorization_endpoint ?? '', discovery.token_endpoint ?? '', ['email', 'name']);
  return {
    endpoints: { ...base, authParams: [['response_mode', 'form_post']], tokenParams: [['client_id', config.clientId], ['secret', config.secret]] },
    async userData(token) {
      const idToken = token.extra.id_token;
      if (!token.accessToken || typeof idToken !== 'string') return { emails: [], metadata: {} };
      return idTokenData(ISSUER_APPLE, config.clientId, idToken, token);
    },
    parseUser(user, data) {
      const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
      const name = `${parsed.name?.firstName ?? ''} ${parsed.name?.lastName ?? ''}`.trim();
      // structs.Map leaves an empty name out, as it was.
      if (name) Object.assign(data.metadata, { name, full_name: name });
      else for (const key of ['name', 'full_name']) delete data.metadata[key];
    },
  };
}

async function linkedinOidc(config: AuthExternalProvider, scopes: string): Promise<OAuthProvider> {
  const api = chooseHost(config.url, 'api.linkedin.com');
  const discoveryAt = `${ISSUER_LINKEDIN}/oauth`;
  // GoTrue discovers at construction: an unreachable LinkedIn fails the authorize too.
  await discover(ISSUER_LINKEDIN, discoveryAt);
  return {
    endpoints: endpoints(config, `${api}/oauth/v2/authorization`, `${api}/oauth/v2/accessToken`, withScopes(['openid', 'email', 'profile'], scopes)),
    async userData(token) {
      const idToken = token.extra.id_token;
      if (!token.accessToken || typeof idToken !== 'string') return { emails: [], metadata: {} };
      return idTokenData(ISSUER_LINKEDIN, config.clientId, idToken, token, discoveryAt);
    },
  };
}

export const OIDC_PROVIDERS = { apple, azure, linkedin_oidc: linkedinOidc };
