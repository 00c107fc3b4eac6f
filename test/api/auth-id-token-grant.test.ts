/**
 * The ID token grant of the native Auth (POST /token?grant_type=id_token, supabase-js's
 * signInWithIdToken) on GoTrue v2.132.3's contract; it was answered `unsupported_grant_type`. A
 * disabled provider is refused with GoTrue's `Provider (issuer "...") is not enabled` (as auth-js's
 * own suite checks for Google), an issuer outside GoTrue's list as a custom OIDC provider. A
 * Keycloak realm (the provider's `url` setting) is a local OpenID provider written here, with its
 * discovery document and keys: its token signs a user up, then in again, with the nonce hashed as
 * the client hashes it; a wrong audience, nonce, key or expiry is refused in GoTrue's words.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type JWK } from 'jose';
import pg from 'pg';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { nativeTestEnv } from '../integration/support/temp-project.js';
import { serveAuth, type ServedAuth } from './support/auth-fixture.js';

const CLIENT_ID = 'native-app';

/** A private key as jose's generateKeyPair makes it. */
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe('native Auth: the ID token grant', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let db: pg.Client;
  let realm: Server;
  let issuer: string;
  let key: SigningKey;
  let auth: ServedAuth;

  /** An ID token of the realm, signed with its key unless another is given. */
  async function idToken(claims: Record<string, unknown>, options: { signer?: SigningKey; expiresIn?: string; audience?: string } = {}): Promise<string> {
    return new SignJWT({ email: 'ada@example.com', email_verified: true, name: 'Ada', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'realm-key' })
      .setIssuer(issuer)
      .setSubject('kc-ada')
      .setAudience(options.audience ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(options.signer ?? key);
  }

  const grant = (body: Record<string, unknown>) => fetch(`${auth.url}/auth/v1/token?grant_type=id_token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'realm-key', alg: 'RS256', use: 'sig' };
    realm = createServer((request, response) => {
      const json = (value: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/realms/test/.well-known/openid-configuration') return json({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs`, id_token_signing_alg_values_supported: ['RS256'] });
      if (request.url === '/realms/test/protocol/openid-connect/certs') return json({ keys: [jwk] });
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => realm.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(realm.address() as AddressInfo).port}/realms/test`;
    auth = await serveAuth(cluster, { external: { keycloak: { enabled: true, client_id: `other-app,${CLIENT_ID}`, secret: 'unused-here', url: issuer } } });
  });
  after(async () => {
    await auth?.close();
    realm?.close();
    await db?.end().catch(() => undefined);
    await cluster?.discard();
  });

  it("refuses a disabled provider and an issuer outside GoTrue's list, as GoTrue words it", async () => {
    const { data, error } = await auth.client().auth.signInWithIdToken({ provider: 'google', token: 'mock-id-token', nonce: 'mock-nonce' });
    assert.equal(data.session, null);
    assert.equal(error?.message, 'Provider (issuer "https://accounts.google.com") is not enabled');
    assert.equal(error?.status, 400);
    const custom = await grant({ id_token: 'x', client_id: 'a', issuer: 'https://idp.example' });
    assert.deepEqual([custom.status, await custom.json()], [400, { code: 400, msg: 'Custom OIDC provider "https://idp.example" not allowed' }]);
    const missing = await grant({ provider: 'keycloak' });
    assert.deepEqual(await missing.json(), { error: 'invalid request', error_description: 'id_token required' });
    const nameless = await grant({ id_token: 'x' });
    assert.deepEqual(await nameless.json(), { error: 'invalid request', error_description: 'provider or client_id and issuer required' });
  });

  it("signs a user up with the realm's token and nonce, then in again", async () => {
    const nonce = 'raw-nonce-from-the-app';
    const hashed = createHash('sha256').update(nonce).digest('hex');
    const client = auth.client().auth;
    const first = await client.signInWithIdToken({ provider: 'keycloak', token: await idToken({ nonce: hashed }), nonce });
    assert.equal(first.error, null);
    const userId = first.data.user!.id;
    assert.equal(first.data.user!.email, 'ada@example.com');
    assert.deepEqual(first.data.user!.app_metadata.providers, ['keycloak']);
    // The claim's time is when the sign-in was recorded, the token's when it was issued just after;
    // as in GoTrue they may fall on either side of a second's boundary.
    const claims = decodeJwt(first.data.session!.access_token);
    const amr = claims.amr as Array<{ method: string; timestamp: number }>;
    assert.deepEqual(amr.map((entry) => entry.method), ['oauth']);
    assert.ok(amr[0].timestamp <= claims.iat! && amr[0].timestamp >= claims.iat! - 2, `amr at ${amr[0].timestamp}, issued at ${claims.iat}`);
    const { rows } = await db.query<{ provider_id: string; data: Record<string, unknown> }>("select provider_id, identity_data as data from auth.identities where provider = 'keycloak'");
    assert.equal(rows[0].provider_id, 'kc-ada');
    assert.deepEqual([rows[0].data.email, rows[0].data.email_verified, rows[0].data.iss], ['ada@example.com', true, issuer]);
    // By issuer rather than name, without a nonce on either side.
    const again = await grant({ id_token: await idToken({}), client_id: CLIENT_ID, issuer });
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { user: { id: string } }).user.id, userId);
  });

  it('refuses a wrong audience, nonce, key or expiry in GoTrue words', async () => {
    const other = (await generateKeyPair('RS256')).privateKey;
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ provider: 'keycloak', id_token: await idToken({}, { audience: 'someone-else' }) }, { error: 'invalid request', error_description: 'Unacceptable audience in id_token' }],
      [{ provider: 'keycloak', id_token: await idToken({ nonce: 'abc' }), nonce: 'not-abc' }, { error: 'invalid nonce', error_description: 'Nonces mismatch' }],
      [{ provider: 'keycloak', id_token: await idToken({ nonce: 'abc' }) }, { error: 'invalid request', error_description: 'Passed nonce and nonce in id_token should either both exist or not.' }],
      [{ provider: 'keycloak', id_token: await idToken({}, { signer: other }) }, { error: 'invalid request', error_description: 'Bad ID token' }],
      [{ provider: 'keycloak', id_token: await idToken({}, { expiresIn: '-1m' }) }, { error: 'invalid request', error_description: 'Bad ID token' }],
      [{ provider: 'keycloak', id_token: await idToken({ email: undefined }) }, { error: 'invalid request', error_description: 'Bad ID token' }],
    ];
    for (const [body, expected] of cases) {
      const response = await grant(body);
      assert.deepEqual([response.status, await response.json()], [400, expected], JSON.stringify(body).slice(0, 80));
    }
  });
});
