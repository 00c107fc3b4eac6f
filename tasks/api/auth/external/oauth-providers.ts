/**
 * GoTrue v2.132.3's OAuth providers that the native Auth serves, each as its provider/*.go builds
 * it from `[auth.external.<name>]`: the authorization and token endpoints (a provider's `url`
 * setting moves them: GitHub Enterprise, a self-hosted GitLab, a Keycloak realm), the default
 * scopes plus the request's `scopes`, and how the user is read from the provider's API into
 * GoTrue's UserProvidedData (emails and the Claims its identities store). Google is found by OIDC
 * discovery at accounts.google.com and its ID token verified against Google's keys, as GoTrue does.
 * The providers read from a plain user-info API are in social-providers.ts; Apple, Azure and
 * LinkedIn OIDC (an ID token) in oidc-providers.ts; Twitter, OAuth 1.0a rather than OAuth2, in
 * twitter-provider.ts.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AuthExternalProvider } from '../auth-settings.js';
import { providerGet } from './oauth-http.js';
import { chooseHost, claims, endpoints, withScopes, type ExternalProvider, type OAuthProvider, type ProviderBuilder, type ProviderEmail } from './provider-kit.js';
import { OIDC_PROVIDERS } from './oidc-providers.js';
import { SOCIAL_PROVIDERS } from './social-providers.js';
import { twitter } from './twitter-provider.js';

export type { ExternalProvider, OAuth1Provider, OAuthProvider, ProviderClaims, ProviderEmail, UserProvidedData } from './provider-kit.js';
export { claims } from './provider-kit.js';

function github(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const authHost = chooseHost(config.url, 'github.com');
  let apiHost = chooseHost(config.url, 'api.github.com');
  if (!apiHost.endsWith('api.github.com')) apiHost += '/api/v3';
  return {
    endpoints: endpoints(config, `${authHost}/login/oauth/authorize`, `${authHost}/login/oauth/access_token`, withScopes(['user:email'], scopes)),
    async userData(token) {
      const user = await providerGet<{ id?: number; login?: string; name?: string; avatar_url?: string }>(token, `${apiHost}/user`);
      const id = String(user.id ?? 0);
      const metadata = claims({ iss: apiHost, sub: id, name: user.name, preferred_username: user.login, avatar_url: user.avatar_url, full_name: user.name, provider_id: id, user_name: user.login });
      const emails = await providerGet<{ email?: string; primary?: boolean; verified?: boolean }[]>(token, `${apiHost}/user/emails`);
      return { metadata, emails: emails.filter((entry) => entry.email).map((entry) => ({ email: entry.email!, verified: entry.verified === true, primary: entry.primary === true })) };
    },
  };
}

function gitlab(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const host = chooseHost(config.url, 'gitlab.com');
  return {
    endpoints: endpoints(config, `${host}/oauth/authorize`, `${host}/oauth/token`, withScopes(['read_user'], scopes)),
    async userData(token) {
      const user = await providerGet<{ id?: number; email?: string; name?: string; avatar_url?: string; confirmed_at?: string }>(token, `${host}/api/v4/user`);
      const listed = await providerGet<{ email?: string }[]>(token, `${host}/api/v4/user/emails`);
      const emails: ProviderEmail[] = listed.filter((entry) => entry.email).map((entry) => ({ email: entry.email!, verified: false, primary: false }));
      if (user.email) emails.push({ email: user.email, verified: Boolean(user.confirmed_at), primary: true });
      const id = String(user.id ?? 0);
      return { emails, metadata: claims({ iss: host, sub: id, name: user.name, picture: user.avatar_url, avatar_url: user.avatar_url, full_name: user.name, provider_id: id }) };
    },
  };
}

function keycloak(config: AuthExternalProvider, scopes: string): OAuthProvider {
  if (!config.url) throw new Error('unable to find URL for the Keycloak provider');
  const host = config.url.replace(/\/$/, '');
  return {
    endpoints: endpoints(config, `${host}/protocol/openid-connect/auth`, `${host}/protocol/openid-connect/token`, withScopes(['profile', 'email'], scopes)),
    async userData(token) {
      const user = await providerGet<{ sub?: string; name?: string; email?: string; email_verified?: boolean }>(token, `${host}/protocol/openid-connect/userinfo`);
      const emails = user.email ? [{ email: user.email, verified: user.email_verified === true, primary: true }] : [];
      return { emails, metadata: claims({ iss: host, sub: user.sub, name: user.name, email: user.email, email_verified: user.email_verified === true, full_name: user.name, provider_id: user.sub }) };
    },
  };
}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_USER_INFO = 'https://www.googleapis.com/userinfo/v2/me';

interface GoogleUser {
  id?: string;
  sub?: string;
  iss?: string;
  name?: string;
  picture?: string;
  email?: string;
  verified_email?: boolean;
  email_verified?: boolean;
  hd?: string;
}

async function google(config: AuthExternalProvider, scopes: string): Promise<OAuthProvider> {
  const discovery = (await (await fetch(`${GOOGLE_ISSUER}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) })).json()) as { authorization_endpoint: string; token_endpoint: string; jwks_uri: string };
  const keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
  return {
    endpoints: endpoints(config, discovery.authorization_endpoint, discovery.token_endpoint, withScopes(['email', 'profile'], scopes)),
    async userData(token) {
      let user: GoogleUser;
      let issuer: string;
      if (typeof token.extra.id_token === 'string') {
        user = (await jwtVerify(token.extra.id_token, keys, { issuer: GOOGLE_ISSUER, audience: config.clientId })).payload as GoogleUser;
        issuer = user.iss ?? GOOGLE_ISSUER;
      } else {
        user = await providerGet<GoogleUser>(token, GOOGLE_USER_INFO);
        issuer = GOOGLE_USER_INFO;
      }
      const verified = user.verified_email === true || user.email_verified === true;
      const subject = user.sub ?? user.id;
      const emails = user.email ? [{ email: user.email, verified, primary: true }] : [];
      const fromToken = typeof token.extra.id_token === 'string';
      return {
        emails,
        metadata: claims({
          iss: issuer, sub: subject, name: user.name, picture: user.picture, avatar_url: user.picture, full_name: user.name, provider_id: subject,
          ...(fromToken ? {} : { email: user.email, email_verified: verified }),
          custom_claims: fromToken && user.hd ? { hd: user.hd } : undefined,
        }),
      };
    },
  };
}

const BUILDERS: Record<string, ProviderBuilder> = { github, gitlab, google, keycloak, twitter, ...SOCIAL_PROVIDERS, ...OIDC_PROVIDERS };

/** GoTrue's API.Provider: the named provider, or an Error in GoTrue's words. */
export async function oauthProvider(external: Record<string, AuthExternalProvider>, name: string, scopes: string): Promise<ExternalProvider> {
  const key = name.toLowerCase();
  const build = BUILDERS[key];
  if (!build) throw new Error(`Provider ${key} could not be found`);
  const config = external[key];
  if (!config?.enabled) throw new Error('provider is not enabled');
  if (!config.clientId) throw new Error('missing OAuth client ID');
  if (!config.secret) throw new Error('missing OAuth secret');
  if (!config.redirectUri) throw new Error('missing redirect URI');
  return build(config, scopes);
}
