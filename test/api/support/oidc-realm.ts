/**
 * A local OpenID provider of a Keycloak realm's shape (its discovery document and signing keys at
 * `<issuer>/.well-known/openid-configuration` and `<issuer>/protocol/openid-connect/certs`), for
 * the examples of signInWithIdToken: a page cannot show a token from Google or Apple, and a
 * local stack cannot reach them, so the runner's stack enables `[auth.external.keycloak]` with this
 * realm as its `url` and the examples sign with `idToken()`, which stands for the provider's SDK.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

/** The client id the examples' tokens are issued for, which the stack's provider config names. */
export const REALM_CLIENT_ID = 'docs-examples';

/** What an example may ask of its token: a nonce (hashed into it, as Google's and Apple's SDKs do) and claims. */
export interface IdTokenOptions {
  nonce?: string;
  claims?: Record<string, unknown>;
}

export interface OidcRealm {
  /** The realm's issuer, `http://127.0.0.1:<port>/realms/docs`: the provider's `url` setting. */
  issuer: string;
  /** A fresh ID token of the realm for Ada, signed with its key. */
  idToken(options?: IdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** Starts the realm on a free local port. */
export async function startOidcRealm(): Promise<OidcRealm> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'docs-realm', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server: Server = createServer((request, response) => {
    const json = (value: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (request.url === '/realms/docs/.well-known/openid-configuration') return json({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs`, id_token_signing_alg_values_supported: ['RS256'] });
    if (request.url === '/realms/docs/protocol/openid-connect/certs') return json({ keys: [jwk] });
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/docs`;
  return {
    issuer,
    idToken: ({ nonce, claims } = {}) =>
      new SignJWT({ email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace', ...(nonce !== undefined && { nonce: createHash('sha256').update(nonce).digest('hex') }), ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'docs-realm' })
        .setIssuer(issuer)
        .setSubject('f3a1c2d4-5b6e-4f70-8a91-b2c3d4e5f607')
        .setAudience(REALM_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
