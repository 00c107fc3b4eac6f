/**
 * Manual identity linking on the native Auth (GoTrue v2.132.3's /user/identities routes), judged by
 * supabase-js's linkIdentity, getUserIdentities and unlinkIdentity. With `[auth]
 * enable_manual_linking` off (the default) both routes are GoTrue's 404 `Manual linking is
 * disabled`, as auth-js's own suite expects; they were missing, so the client showed the
 * gateway's `no Route matched`. Turned on, a signed-in user links a GitHub identity whose address
 * is not theirs (through a local OAuth2 server of GitHub Enterprise's shape, the provider's `url`
 * setting), the same identity cannot be linked twice, and unlinking removes it with its audit
 * entry, refuses the last identity, and moves the user's address to a remaining identity's.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { nativeTestEnv } from '../integration/support/temp-project.js';
import { serveAuth, type ServedAuth } from './support/auth-fixture.js';

/** GitHub Enterprise's three endpoints, granting every authorization as one fixed user. */
function githubServer(): Server {
  const tokens = new Set<string>();
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const json = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    request.resume();
    request.on('end', () => {
      if (url.pathname === '/login/oauth/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('state', url.searchParams.get('state')!);
        back.searchParams.set('code', randomUUID());
        return void response.writeHead(302, { Location: back.toString() }).end();
      }
      if (url.pathname === '/login/oauth/access_token') {
        const token = randomUUID();
        tokens.add(token);
        return json(200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
      }
      if (!tokens.has(String(request.headers.authorization).replace(/^Bearer /, ''))) return json(401, { message: 'Bad credentials' });
      if (url.pathname === '/api/v3/user') return json(200, { id: 583231, login: 'octocat', name: 'Mona Octocat' });
      if (url.pathname === '/api/v3/user/emails') return json(200, [{ email: 'octocat@github.example', primary: true, verified: true }]);
      json(404, { message: 'Not Found' });
    });
  });
}

describe('native Auth: manual identity linking', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let db: pg.Client;
  let github: Server;
  const served: ServedAuth[] = [];

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    github = githubServer();
    await new Promise<void>((resolve) => github.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    for (const auth of served) await auth.close();
    github?.close();
    await db?.end().catch(() => undefined);
    await cluster?.discard();
  });

  it("answers both routes with GoTrue's 404 when enable_manual_linking is off", async () => {
    const auth = await serveAuth(cluster);
    served.push(auth);
    const client = auth.client().auth;
    const { error: signUpError } = await client.signUp({ email: 'alone@example.com', password: 'one-identity' });
    assert.equal(signUpError, null);
    const linked = await client.linkIdentity({ provider: 'github' });
    assert.equal(linked.error?.message, 'Manual linking is disabled');
    assert.equal(linked.error?.status, 404);
    const { data } = await client.getUserIdentities();
    const unlinked = await client.unlinkIdentity(data!.identities[0]);
    assert.equal(unlinked.error?.message, 'Manual linking is disabled');
    // requireAuthentication comes first: without a token it is the bearer refusal.
    const anonymous = await fetch(`${auth.url}/auth/v1/user/identities/authorize?provider=github`);
    assert.equal(anonymous.status, 401);
  });

  describe('with enable_manual_linking = true', () => {
    let auth: ServedAuth;

    before(async () => {
      const url = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;
      auth = await serveAuth(cluster, { enable_manual_linking: true, external: { github: { enabled: true, client_id: 'linking-client', secret: 'linking-secret', url } } });
      served.push(auth);
    });

    /** Runs the OAuth round trip from the link URL: the provider, then our callback; answers its Location. */
    async function complete(linkUrl: string): Promise<string> {
      const atProvider = await fetch(linkUrl, { redirect: 'manual' });
      assert.equal(atProvider.status, 302);
      // The callback URL names the stack's API port; this service listens elsewhere.
      const callback = new URL(atProvider.headers.get('location')!);
      const atCallback = await fetch(`${auth.url}${callback.pathname}${callback.search}`, { redirect: 'manual' });
      assert.equal(atCallback.status, 302, await atCallback.text());
      return atCallback.headers.get('location')!;
    }

    it('links a GitHub identity to the signed-in user, whatever its address, once', async () => {
      const client = auth.client().auth;
      const { data: signedUp } = await client.signUp({ email: 'mona@example.com', password: 'two-identities' });
      const userId = signedUp.user!.id;
      const { data, error } = await client.linkIdentity({ provider: 'github', options: { redirectTo: 'http://127.0.0.1:3000/linked' } });
      assert.equal(error, null);
      const state = decodeJwt(new URL(data.url).searchParams.get('state')!);
      assert.equal(state.linking_target_id, userId);
      const landed = new URL(await complete(data.url));
      const fragment = new URLSearchParams(landed.hash.slice(1));
      assert.equal(decodeJwt(fragment.get('access_token')!).sub, userId, 'the session is the linking user');
      const { rows } = await db.query<{ provider: string; email: string }>('select provider, email from auth.identities where user_id = $1 order by created_at', [userId]);
      assert.deepEqual(rows, [{ provider: 'email', email: 'mona@example.com' }, { provider: 'github', email: 'octocat@github.example' }]);
      const app = await db.query<{ meta: Record<string, unknown> }>('select raw_app_meta_data as meta from auth.users where id = $1', [userId]);
      assert.deepEqual(app.rows[0].meta.providers, ['email', 'github']);

      const again = await client.linkIdentity({ provider: 'github' });
      const refused = new URL(await complete(again.data.url!));
      assert.equal(refused.searchParams.get('error_description'), 'Identity is already linked');
    });

    it('unlinks an identity, never the last, and moves the address to a remaining identity', async () => {
      const client = auth.client().auth;
      const { error } = await client.signInWithPassword({ email: 'mona@example.com', password: 'two-identities' });
      assert.equal(error, null);
      const { data } = await client.getUserIdentities();
      const emailIdentity = data!.identities.find((identity) => identity.provider === 'email')!;
      const unlinked = await client.unlinkIdentity(emailIdentity);
      assert.equal(unlinked.error, null);
      const { rows } = await db.query<{ email: string; meta: Record<string, unknown> }>("select email, raw_app_meta_data as meta from auth.users where email = 'octocat@github.example'");
      assert.equal(rows.length, 1, "the user's address is now the GitHub identity's");
      assert.deepEqual([rows[0].meta.provider, rows[0].meta.providers], ['github', ['github']]);
      const audit = await db.query<{ traits: Record<string, unknown> }>("select payload->'traits' as traits from auth.audit_log_entries where payload->>'action' = 'identity_unlinked'");
      assert.deepEqual(audit.rows.map((row) => row.traits.provider), ['email']);

      const { data: left } = await client.getUserIdentities();
      const last = await client.unlinkIdentity(left!.identities[0]);
      assert.equal(last.error?.message, 'User must have at least 1 identity after unlinking');
      const session = (await client.getSession()).data.session!;
      const bad = await fetch(`${auth.url}/auth/v1/user/identities/not-an-id`, { method: 'DELETE', headers: { Authorization: `Bearer ${session.access_token}` } });
      assert.deepEqual([bad.status, await bad.json()], [400, { code: 400, msg: 'identity_id must be an UUID' }]);
    });
  });
});
