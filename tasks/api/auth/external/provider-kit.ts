/**
 * The pieces every OAuth provider of GoTrue v2.132.3 is built from, apart from the providers
 * themselves so that both provider files (oauth-providers.ts, social-providers.ts) share them
 * without importing each other: GoTrue's UserProvidedData and Claims as its structs.Map writes
 * them, chooseHost (the `url` setting replacing the provider's host, as every provider/*.go
 * does), the default scopes plus the request's, and the OAuth2 endpoints of a provider; beside
 * them the shape of an OAuth 1.0a provider (GoTrue's Twitter), whose legs are not OAuth2's.
 */
import type { AuthExternalProvider } from '../auth-settings.js';
import type { OAuth1Token } from './oauth1-client.js';
import type { OAuthEndpoints, ProviderToken } from './oauth-http.js';

export interface ProviderEmail {
  email: string;
  verified: boolean;
  primary: boolean;
}

/** GoTrue's provider.Claims, the members it writes (structs.Map leaves empty ones out). */
export type ProviderClaims = Record<string, string | number | boolean | Record<string, unknown>>;

export interface UserProvidedData {
  emails: ProviderEmail[];
  metadata: ProviderClaims;
}

export interface OAuthProvider {
  endpoints: OAuthEndpoints;
  userData(token: ProviderToken): Promise<UserProvidedData>;
  /** Apple's ParseUser: the callback's `user` parameter (sent at the first sign-in only) read into the claims. */
  parseUser?(user: string, data: UserProvidedData): void;
}

/**
 * An OAuth 1.0a provider: a request token is fetched before the user is sent to the provider, and
 * exchanged with the verifier the provider sends back for the access token that reads the user.
 */
export interface OAuth1Provider {
  protocol: 'oauth1';
  /** GoTrue's AuthCodeURL of an OAuth 1.0a provider: the request token for a callback carrying `state`, and where to send the user. */
  authorize(state: string): Promise<{ url: string; requestToken: OAuth1Token }>;
  accessToken(requestToken: OAuth1Token, verifier: string): Promise<OAuth1Token>;
  userData(accessToken: OAuth1Token): Promise<UserProvidedData>;
}

/** Any provider of GoTrue's Provider switch. */
export type ExternalProvider = OAuthProvider | OAuth1Provider;

/** A provider as GoTrue's Provider switch builds it from its settings and the request's `scopes`. */
export type ProviderBuilder = (config: AuthExternalProvider, scopes: string) => ExternalProvider | Promise<ExternalProvider>;

/** Claims as structs.Map writes them: empty strings left out, email_verified and phone_verified always there. */
export function claims(values: Record<string, string | boolean | Record<string, unknown> | undefined>): ProviderClaims {
  const out: ProviderClaims = { email_verified: false, phone_verified: false };
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

/** GoTrue's chooseHost: the configured URL without a trailing slash, else https://<default>. */
export const chooseHost = (base: string, defaultHost: string): string => (base ? base.replace(/\/$/, '') : `https://${defaultHost}`);

export const withScopes = (defaults: string[], requested: string): string[] => (requested ? [...defaults, ...requested.split(',')] : defaults);

export function endpoints(config: AuthExternalProvider, authUrl: string, tokenUrl: string, scopes: string[], authInParams = false): OAuthEndpoints {
  return { clientId: config.clientId, secret: config.secret, redirectUri: config.redirectUri, authUrl, tokenUrl, scopes, authInParams };
}

/** A provider that sends one address, the primary one, when it sends any. */
export const primaryEmail = (email: string | undefined, verified: boolean): ProviderEmail[] => (email ? [{ email, verified, primary: true }] : []);
