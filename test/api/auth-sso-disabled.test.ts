/**
 * SAML single sign-on on the native Auth: the CLI leaves GoTrue's SAML off, so GoTrue v2.132.3
 * answers its /sso routes with the 404 `SAML 2.0 is disabled` whatever they are sent. auth-js's
 * own suite checks that message through signInWithSSO; the routes were missing, so the client
 * showed the gateway's `no Route matched with those values` instead.
 */
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { nativeTestEnv } from '../integration/support/temp-project.js';
import { serveAuth, type ServedAuth } from './support/auth-fixture.js';

describe('native Auth: SAML single sign-on is off, as the CLI leaves it', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let auth: ServedAuth;

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    auth = await serveAuth(cluster);
  });
  after(async () => {
    await auth?.close();
    await cluster?.discard();
  });

  it('answers signInWithSSO, by provider or by domain, implicit or PKCE, with GoTrue 404', async () => {
    const pkce = createClient(auth.url, 'unused', { auth: { persistSession: false, autoRefreshToken: false, flowType: 'pkce' } }).auth;
    for (const [client, params] of [
      [auth.client().auth, { providerId: '0d6c2a6e-08a7-4b0b-9a55-5d0f0c2a8f10' }],
      [auth.client().auth, { domain: 'example.com', options: { redirectTo: 'http://127.0.0.1:3000/welcome' } }],
      [pkce, { domain: 'example.com' }],
    ] as const) {
      const { data, error } = await client.signInWithSSO(params);
      assert.equal(data, null);
      assert.equal(error?.message, 'SAML 2.0 is disabled');
      assert.equal(error?.status, 404);
    }
  });

  it('answers the SAML metadata and assertion consumer routes alike', async () => {
    for (const [method, path] of [['GET', '/sso/saml/metadata'], ['POST', '/sso/saml/acs']]) {
      const response = await fetch(`${auth.url}/auth/v1${path}`, { method, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: method === 'POST' ? 'SAMLResponse=x' : undefined });
      assert.equal(response.status, 404, path);
      assert.deepEqual(await response.json(), { code: 404, msg: 'SAML 2.0 is disabled' });
    }
  });
});
