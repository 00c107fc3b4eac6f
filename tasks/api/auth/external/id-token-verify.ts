/**
 * An ID token checked as GoTrue v2.132.3's ParseIDToken checks it with go-oidc: the issuer's
 * OpenID discovery document (whose `issuer` must be the one asked for), the token signed by one of
 * its keys with an algorithm it lists (RS256 when it lists none), issued by it and not expired; the
 * audience is left to the grant. The claims become GoTrue's UserProvidedData: Google's own mapping
 * (no address in the claims, `hd` as a custom claim), Apple's, LinkedIn's and an Azure tenant's
 * (id-token-apple-azure.ts), else the generic one (the token's standard claims decoded into
 * provider.Claims, which needs an address).
 *
 * Test-only: SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN (an http origin) makes the discovery document of
 * `https://<host>/<path>` be fetched from `<origin>/<host>/<path>`, so that tests can play Apple
 * and Azure, whose issuers are fixed https hosts. It is read from the process that serves Auth;
 * the CLI never passes it to the gateway it starts (its environment is only PATH, HOME and TMPDIR),
 * so what users run always asks the issuer itself.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { appleData, azureData, ISSUER_LINKEDIN, linkedinData } from './id-token-apple-azure.js';
import { ISSUER_APPLE, ISSUER_GOOGLE } from './id-token-provider.js';
import { claims, type ProviderClaims, type UserProvidedData } from './provider-kit.js';

export interface VerifiedIdToken {
  payload: JWTPayload & Record<string, unknown>;
  audiences: string[];
  data: UserProvidedData;
}

/** provider.IsAzureIssuer. */
export const AZURE_ISSUER = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/;

/** A failure GoTrue answers `Bad ID token` (the token or its claims), apart from discovery's. */
export class BadIdToken extends Error {}

export interface Discovery {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  jwks_uri: string;
  id_token_signing_alg_values_supported?: string[];
}

/**
 * go-oidc's NewProvider. `at` is where the document is when it is not the issuer's own URL
 * (LinkedIn's, under /oauth): go-oidc's InsecureIssuerURLContext, which skips the issuer check.
 */
export async function discover(issuer: string, at = issuer): Promise<Discovery> {
  let url = `${at.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const testOrigin = process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN;
  if (testOrigin && url.startsWith('https://')) url = `${testOrigin.replace(/\/$/, '')}/${url.slice('https://'.length)}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}: ${await response.text()}`);
  const document = (await response.json()) as Discovery;
  if (at === issuer && document.issuer !== issuer) throw new Error(`oidc: issuer did not match the issuer returned by provider, expected "${issuer}" got "${document.issuer}"`);
  return document;
}

const GENERIC_STRINGS = ['iss', 'sub', 'aud', 'name', 'family_name', 'given_name', 'middle_name', 'nickname', 'preferred_username', 'profile', 'picture', 'website', 'gender', 'birthdate', 'zoneinfo', 'locale', 'updated_at', 'email', 'phone'];

/** parseGenericIDToken: Go's json decoding into provider.Claims, so a member of the wrong type fails it. */
function genericData(payload: Record<string, unknown>): UserProvidedData {
  const values: Record<string, string | boolean | Record<string, unknown> | undefined> = {};
  for (const key of GENERIC_STRINGS) {
    const value = payload[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new BadIdToken(`json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go struct field Claims.${key} of type string`);
    values[key] = value;
  }
  for (const key of ['email_verified', 'phone_verified']) {
    const value = payload[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'boolean') throw new BadIdToken(`json: cannot unmarshal ${typeof value} into Go struct field Claims.${key} of type bool`);
    values[key] = value;
  }
  const metadata: ProviderClaims = claims(values);
  for (const key of ['iat', 'exp']) if (typeof payload[key] === 'number' && payload[key] !== 0) metadata[key] = payload[key];
  if (payload.custom_claims && typeof payload.custom_claims === 'object') metadata.custom_claims = payload.custom_claims as Record<string, unknown>;
  const email = typeof payload.email === 'string' ? payload.email : '';
  if (!email) throw new BadIdToken(`provider: Generic OIDC ID token from issuer "${String(payload.iss)}" must contain an email address`);
  return { emails: [{ email, verified: payload.email_verified === true, primary: true }], metadata };
}

/** parseGoogleIDToken. */
function googleData(payload: Record<string, unknown>): UserProvidedData {
  const text = (key: string): string | undefined => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);
  const verified = payload.email_verified === true || payload.email_verified === 'true' || payload.verified_email === true;
  const email = text('email');
  return {
    emails: email ? [{ email, verified, primary: true }] : [],
    metadata: claims({
      iss: text('iss'), sub: text('sub'), name: text('name'), picture: text('picture'), avatar_url: text('picture'), full_name: text('name'), provider_id: text('sub'),
      custom_claims: text('hd') ? { hd: text('hd') } : undefined,
    }),
  };
}

/** go-oidc's VerifyAccessToken: at_hash is the left half of the access token's hash by the token's algorithm. */
function checkAccessTokenHash(algorithm: string, atHash: string, accessToken: string): void {
  const hash = { RS256: 'sha256', ES256: 'sha256', PS256: 'sha256', RS384: 'sha384', ES384: 'sha384', PS384: 'sha384', RS512: 'sha512', ES512: 'sha512', PS512: 'sha512' }[algorithm];
  if (!hash) throw new BadIdToken(`oidc: unsupported signing algorithm ${JSON.stringify(algorithm)}`);
  const digest = createHash(hash).update(accessToken).digest();
  if (digest.subarray(0, digest.length / 2).toString('base64url') !== atHash) throw new BadIdToken('access token hash does not match value in ID token');
}

/**
 * Discovery failures are thrown as they are (GoTrue's 500); anything wrong with the token is a
 * BadIdToken. An `accessToken` is checked against the token's at_hash when both are there.
 */
export async function verifyIdToken(issuer: string, idToken: string, accessToken = '', discoveryAt = issuer): Promise<VerifiedIdToken> {
  const discovery = await discover(issuer, discoveryAt);
  const keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
  let payload: JWTPayload & Record<string, unknown>;
  let algorithm: string;
  try {
    const verified = await jwtVerify(idToken, keys, { issuer, algorithms: discovery.id_token_signing_alg_values_supported ?? ['RS256'] });
    payload = verified.payload;
    algorithm = verified.protectedHeader.alg;
  } catch (error) {
    throw new BadIdToken((error as Error).message);
  }
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  let data: UserProvidedData;
  try {
    if (payload.iss === ISSUER_GOOGLE) data = googleData(payload);
    else if (payload.iss === ISSUER_APPLE) data = appleData(payload);
    else if (payload.iss === ISSUER_LINKEDIN) data = linkedinData(payload);
    else if (AZURE_ISSUER.test(String(payload.iss))) data = azureData(payload);
    else data = genericData(payload);
  } catch (error) {
    throw error instanceof BadIdToken ? error : new BadIdToken((error as Error).message);
  }
  if (accessToken && typeof payload.at_hash === 'string' && payload.at_hash) checkAccessTokenHash(algorithm, payload.at_hash, accessToken);
  return { payload, audiences, data };
}
