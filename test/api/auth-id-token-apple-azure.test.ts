/**
 * Apple's and Azure's ID tokens in the ID token grant (supabase-js's signInWithIdToken) of the
 * native Auth, read as GoTrue v2.132.3's parseAppleIDToken and parseAzureIDToken read them; they
 * were refused before. Their issuers are fixed https hosts, so a local server written here plays
 * both (discovery documents naming the real issuers, and the keys), reached through the test-only
 * SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN that the in-process Auth reads (id-token-verify.ts). The
 * same server plays Azure's, Apple's and LinkedIn's authorization and token endpoints for the OAuth
 * sign-in, whose user is the ID token the code exchange returns.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import pg from 'pg';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { nativeTestEnv } from '../integration/support/temp-project.js';
import { serveAuth, type ServedAuth } from './support/auth-fixture.js';

const APPLE = 'https://appleid.apple.com';
const TENANT = 'https://login.microsoftonline.com/4d1c8f6e-0000-4000-8000-00000000c0de/v2.0';

describe('native Auth: Apple, Azure and LinkedIn OIDC, by their ID tokens and through OAuth', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let db: pg.Client;
  let issuers: Server;
  let key: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  let auth: ServedAuth;
  let azureAuthorize: URL | undefined;
  let appleAuthorize: URL | undefined;
  let linkedinAuthorize: URL | undefined;
  const before_ = process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN;

  const sign = (issuer: string, audience: string, subject: string, claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(issuer).setAudience(audience).setSubject(subject).setIssuedAt().setExpirationTime('5m').sign(key);

  const identityData = async (provider: string) => (await db.query<{ identity_data: Record<string, unknown> }>('select identity_data from auth.identities where provider = $1', [provider])).rows[0].identity_data;

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    issuers = createServer((request, response) => {
      const local = `http://127.0.0.1:${(issuers.address() as AddressInfo).port}`;
      const json = (value: unknown) => response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (request.url === '/appleid.apple.com/.well-known/openid-configuration') {
        return json({ issuer: APPLE, jwks_uri: `${local}/keys`, authorization_endpoint: `${local}/apple/auth/authorize`, token_endpoint: `${local}/apple/auth/token` });
      }
      if (request.url === `/${TENANT.slice('https://'.length)}/.well-known/openid-configuration`) return json({ issuer: TENANT, jwks_uri: `${local}/keys` });
      if (request.url === '/keys') return json({ keys: [jwk] });
      const url = new URL(request.url ?? '/', local);
      if (url.pathname === '/azure-tenant/oauth2/v2.0/authorize') {
        azureAuthorize = url;
        const back = new URL(`${auth.url}/auth/v1/callback`);
        back.searchParams.set('code', 'azure-code');
        back.searchParams.set('state', url.searchParams.get('state')!);
        return void response.writeHead(302, { Location: back.toString() }).end();
      }
      if (request.url === '/www.linkedin.com/oauth/.well-known/openid-configuration') return json({ issuer: 'https://www.linkedin.com', jwks_uri: `${local}/keys` });
      if (url.pathname === '/linkedin/oauth/v2/authorization') {
        linkedinAuthorize = url;
        const back = new URL(`${auth.url}/auth/v1/callback`);
        back.searchParams.set('code', 'li-code');
        back.searchParams.set('state', url.searchParams.get('state')!);
        return void response.writeHead(302, { Location: back.toString() }).end();
      }
      if (url.pathname === '/linkedin/oauth/v2/accessToken' && request.method === 'POST') {
        void sign('https://www.linkedin.com', 'li-app', 'li-member-1', { email: 'lin@example.com', email_verified: 'true', given_name: 'Lin', family_name: 'Kedin', locale: 'en_US', picture: 'https://li.example/p.jpg' })
          .then((idToken) => json({ access_token: 'li-access', token_type: 'Bearer', id_token: idToken }));
        return;
      }
      if (url.pathname === '/apple/auth/authorize') {
        appleAuthorize = url;
        return void response.writeHead(200).end('<form>');
      }
      if (url.pathname === '/apple/auth/token' && request.method === 'POST') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const form = new URLSearchParams(body);
          // Apple's client secret is a JWT the developer signs; GoTrue sends it in the form as `secret`.
          if (form.get('code') !== 'apple-code' || form.get('client_id') !== 'com.example.app' || form.get('secret') !== 'apple-secret') return void response.writeHead(400).end('{"error":"invalid_grant"}');
          void sign(APPLE, 'com.example.app', '009999.apple', { email: 'tim@example.com', is_private_email: 'false' }).then((idToken) => json({ access_token: 'apple-access', token_type: 'Bearer', id_token: idToken }));
        });
        return;
      }
      if (url.pathname === '/azure-tenant/oauth2/v2.0/token' && request.method === 'POST') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const form = new URLSearchParams(body);
          if (form.get('code') !== 'azure-code' || request.headers.authorization !== `Basic ${Buffer.from('azure-app:azure-secret').toString('base64')}`) return void response.writeHead(400).end('{"error":"invalid_grant"}');
          void sign(TENANT, 'azure-app', 'az-oauth-1', { email: 'grace@contoso.example', name: 'Grace Hopper', tid: 'tenant-id' }).then((idToken) => json({ access_token: 'azure-access', token_type: 'Bearer', id_token: idToken }));
        });
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => issuers.listen(0, '127.0.0.1', resolve));
    process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN = `http://127.0.0.1:${(issuers.address() as AddressInfo).port}`;
    auth = await serveAuth(cluster, { external: { apple: { enabled: true, client_id: 'com.example.app', secret: 'apple-secret' }, linkedin_oidc: { enabled: true, client_id: 'li-app', secret: 'li-secret', url: `${process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN}/linkedin` }, azure: { enabled: true, client_id: 'azure-app', secret: 'azure-secret', url: `${process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN}/azure-tenant` } } });
  });
  after(async () => {
    if (before_ === undefined) delete process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN;
    else process.env.SUPABASE_AUTH_TEST_DISCOVERY_ORIGIN = before_;
    await auth?.close();
    issuers?.close();
    await db?.end().catch(() => undefined);
    await cluster?.discard();
  });

  it("signs in with Apple's token: the address verified, is_private_email (a quoted boolean) and auth_time as custom claims", async () => {
    const token = await sign(APPLE, 'com.example.app', '001234.apple', { email: 'hidden@privaterelay.appleid.com', is_private_email: 'true', auth_time: 1700000000 });
    const { data, error } = await auth.client().auth.signInWithIdToken({ provider: 'apple', token });
    assert.equal(error, null);
    assert.equal(data.user!.email, 'hidden@privaterelay.appleid.com');
    assert.deepEqual(await identityData('apple'), {
      iss: APPLE, sub: '001234.apple', provider_id: '001234.apple', custom_claims: { is_private_email: true, auth_time: 1700000000 },
      email: 'hidden@privaterelay.appleid.com', email_verified: true, phone_verified: false,
    });
  });

  it("signs in with an Azure tenant's token, found by its issuer: xms_edov decides the address, the unregistered claims are custom claims", async () => {
    const token = await sign(TENANT, 'azure-app', 'az-sub-1', { email: 'ada@contoso.example', xms_edov: '1', name: 'Ada Lovelace', preferred_username: 'ada@contoso.example', tid: 'tenant-id', oid: 'object-id', ver: '2.0' });
    const response = await fetch(`${auth.url}/auth/v1/token?grant_type=id_token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id_token: token, client_id: 'azure-app', issuer: TENANT }) });
    assert.equal(response.status, 200, await response.clone().text());
    assert.deepEqual(await identityData('azure'), {
      iss: TENANT, sub: 'az-sub-1', provider_id: 'az-sub-1', preferred_username: 'ada@contoso.example', full_name: 'Ada Lovelace',
      custom_claims: { email: 'ada@contoso.example', xms_edov: '1', tid: 'tenant-id', oid: 'object-id' },
      email: 'ada@contoso.example', email_verified: true, phone_verified: false,
    });
  });

  it("refuses an Apple token whose is_private_email is not a quoted boolean, as Go's decoding does: Bad ID token", async () => {
    const token = await sign(APPLE, 'com.example.app', '005678.apple', { email: 'b@example.com', is_private_email: true });
    const response = await fetch(`${auth.url}/auth/v1/token?grant_type=id_token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id_token: token, provider: 'apple' }) });
    assert.deepEqual([response.status, await response.json()], [400, { error: 'invalid request', error_description: 'Bad ID token' }]);
  });

  it('signs in with Azure through OAuth: the ID token of the code exchange, verified at its tenant, is the user', async () => {
    const authorize = await fetch(`${auth.url}/auth/v1/authorize?provider=azure&scopes=offline_access`, { redirect: 'manual' });
    assert.equal(authorize.status, 302, await authorize.clone().text());
    const atProvider = await fetch(authorize.headers.get('location')!, { redirect: 'manual' });
    assert.equal(azureAuthorize!.searchParams.get('scope'), 'openid offline_access');
    const callback = await fetch(atProvider.headers.get('location')!, { redirect: 'manual' });
    const location = callback.headers.get('location')!;
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    assert.ok(fragment.get('access_token'), location);
    assert.equal(fragment.get('provider_token'), 'azure-access');
    const { rows } = await db.query<{ identity_data: Record<string, unknown> }>("select identity_data from auth.identities where provider = 'azure' and provider_id = 'az-oauth-1'");
    assert.deepEqual(rows[0].identity_data, {
      iss: TENANT, sub: 'az-oauth-1', provider_id: 'az-oauth-1', full_name: 'Grace Hopper', custom_claims: { email: 'grace@contoso.example', tid: 'tenant-id' },
      email: 'grace@contoso.example', email_verified: true, phone_verified: false,
    });
  });

  it("signs in with Apple through OAuth: form_post, the client's secret in the exchange's form, and the name Apple posts once", async () => {
    const authorize = await fetch(`${auth.url}/auth/v1/authorize?provider=apple`, { redirect: 'manual' });
    assert.equal(authorize.status, 302, await authorize.clone().text());
    await fetch(authorize.headers.get('location')!);
    assert.equal(appleAuthorize!.searchParams.get('response_mode'), 'form_post');
    assert.equal(appleAuthorize!.searchParams.get('scope'), 'email name');
    // Apple posts the callback from the browser, with the user's name at the first sign-in.
    const callback = await fetch(`${auth.url}/auth/v1/callback`, {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'apple-code', state: appleAuthorize!.searchParams.get('state')!, user: JSON.stringify({ name: { firstName: 'Tim', lastName: 'Apple' }, email: 'tim@example.com' }) }).toString(),
    });
    const location = callback.headers.get('location')!;
    assert.equal(new URLSearchParams(location.slice(location.indexOf('#') + 1)).get('provider_token'), 'apple-access', location);
    const { rows } = await db.query<{ identity_data: Record<string, unknown> }>("select identity_data from auth.identities where provider = 'apple' and provider_id = '009999.apple'");
    assert.deepEqual(rows[0].identity_data, {
      iss: APPLE, sub: '009999.apple', provider_id: '009999.apple', name: 'Tim Apple', full_name: 'Tim Apple', custom_claims: { is_private_email: false },
      email: 'tim@example.com', email_verified: true, phone_verified: false,
    });
  });

  it("signs in with LinkedIn OIDC: its ID token verified with the document under www.linkedin.com/oauth, email_verified read as Go's ParseBool", async () => {
    const authorize = await fetch(`${auth.url}/auth/v1/authorize?provider=linkedin_oidc`, { redirect: 'manual' });
    assert.equal(authorize.status, 302, await authorize.clone().text());
    const atProvider = await fetch(authorize.headers.get('location')!, { redirect: 'manual' });
    assert.equal(linkedinAuthorize!.searchParams.get('scope'), 'openid email profile');
    const location = (await fetch(atProvider.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
    assert.equal(new URLSearchParams(location.slice(location.indexOf('#') + 1)).get('provider_token'), 'li-access', location);
    const { rows } = await db.query<{ identity_data: Record<string, unknown> }>("select identity_data from auth.identities where provider = 'linkedin_oidc'");
    assert.deepEqual(rows[0].identity_data, {
      iss: 'https://www.linkedin.com', sub: 'li-member-1', provider_id: 'li-member-1', name: 'Lin Kedin', given_name: 'Lin', family_name: 'Kedin', locale: 'en_US', picture: 'https://li.example/p.jpg',
      email: 'lin@example.com', email_verified: true, phone_verified: false,
    });
  });
});
