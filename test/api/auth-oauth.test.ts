/**
 * OAuth sign-in of the native Auth API judged by `@supabase/supabase-js` 2.39.8 against a native
 * stack the built CLI starts, with the providers pointed by their `url` setting (the one users set
 * for GitHub Enterprise or a Keycloak realm, not a test hook) at a local OAuth2 server written here:
 * authorization, token and user-info endpoints of GitHub's and Keycloak's shapes, which check the
 * client's credentials, the redirect URI and the one-time code. signInWithOAuth's URL is followed
 * with fetch through the provider and back to /callback, and the session read from the fragment;
 * a second sign-in finds the identity, a Keycloak sign-in with the same verified address links to
 * the same user, a PKCE sign-in ends in `?code=` and exchangeCodeForSession, and a forged state and a
 * provider's refusal are answered as GoTrue answers them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT, decodeJwt } from 'jose';
import pg from 'pg';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { reachesOrigin } from './support/redirect-target.js';

interface Stack {
  apiUrl: string;
  anonKey: string;
  jwtSecret: string;
  dbUrl: string;
}

/** A local OAuth2 server: GitHub's endpoints at the root (Enterprise layout), Keycloak's under /realms/test. */
class LocalOAuthServer {
  readonly server: Server;
  readonly codes = new Map<string, { client: string; redirectUri: string; user: string }>();
  readonly tokens = new Map<string, string>();
  /** What the authorization request carried, for the test to check. */
  lastAuthorize?: URL;
  /** The user the next authorization signs in as; `deny` makes the provider refuse. */
  nextUser = 'octo';
  deny = false;

  constructor(readonly clients: Record<string, string>) {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => this.answer(url, request.method ?? 'GET', request.headers, body, response));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(url: URL, method: string, headers: Record<string, string | string[] | undefined>, body: string, response: ServerResponse): void {
    const json = (status: number, value: unknown): void => {
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    };
    if (url.pathname === '/login/oauth/authorize' || url.pathname === '/realms/test/protocol/openid-connect/auth') {
      this.lastAuthorize = url;
      const redirect = new URL(url.searchParams.get('redirect_uri')!);
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (this.deny) {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The user has denied your application access.');
      } else {
        const code = randomUUID();
        this.codes.set(code, { client: url.searchParams.get('client_id')!, redirectUri: url.searchParams.get('redirect_uri')!, user: this.nextUser });
        redirect.searchParams.set('code', code);
      }
      return void response.writeHead(302, { Location: redirect.toString() }).end();
    }
    if (method === 'POST' && (url.pathname === '/login/oauth/access_token' || url.pathname === '/realms/test/protocol/openid-connect/token')) {
      const form = new URLSearchParams(body);
      const basic = Buffer.from(String(headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (!grant || this.clients[basic[0]] !== basic[1] || grant.client !== basic[0] || grant.redirectUri !== form.get('redirect_uri') || form.get('grant_type') !== 'authorization_code') {
        return json(400, { error: 'bad_verification_code' });
      }
      const token = randomUUID();
      this.tokens.set(token, grant.user);
      if (url.pathname.startsWith('/login/')) {
        // GitHub answers form-encoded unless asked for JSON.
        return void response.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded' }).end(`access_token=${token}&scope=user%3Aemail&token_type=bearer`);
      }
      return json(200, { access_token: token, token_type: 'Bearer', refresh_token: `kc-refresh-${token}`, expires_in: 300 });
    }
    const user = this.tokens.get(String(headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user) return json(401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user') return json(200, { id: user === 'octo' ? 583231 : 1000, login: user, name: user === 'octo' ? 'Mona Octocat' : user, avatar_url: `https://avatars.example/${user}` });
    if (url.pathname === '/api/v3/user/emails') {
      return json(200, [{ email: `${user}-old@example.com`, primary: false, verified: false }, { email: `${user}@example.com`, primary: true, verified: true }]);
    }
    if (url.pathname === '/realms/test/protocol/openid-connect/userinfo') return json(200, { sub: 'kc-7', name: 'Mona on Keycloak', email: 'octo@example.com', email_verified: true });
    json(404, { message: 'Not Found' });
  }
}

async function pgQuery<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    return (await connection.query<Row>(text, values)).rows;
  } finally {
    await connection.end();
  }
}

function client(stack: Stack): SupabaseClient {
  return createClient(stack.apiUrl, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' } });
}

/** Follows the redirects as a browser would, answering the last Location (not fetched: the app's page). */
async function follow(start: string, stopAt: string): Promise<{ location: string; hops: string[] }> {
  const hops: string[] = [];
  let url = start;
  for (let i = 0; i < 5; i += 1) {
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    assert.equal(response.status, 302, `${url} answered ${response.status}: ${await response.text()}`);
    hops.push(location!);
    if (reachesOrigin(location!, stopAt)) return { location: location!, hops };
    url = location!;
  }
  throw new Error(`no redirect to ${stopAt} after ${hops.join(' -> ')}`);
}

describe('OAuth sign-in of the native Auth API as @supabase/supabase-js uses it', function () {
  this.timeout(180_000);
  let project: CliProject;
  let stack: Stack;
  const provider = new LocalOAuthServer({ 'local-github-client': 'local-github-secret', 'kc-client': 'kc-secret' });
  const app = 'http://127.0.0.1:3000';

  before(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    project = await cliProject('auth-oauth');
    const configPath = path.join(project.root, 'supabase', 'config.toml');
    writeFileSync(configPath, `${readFileSync(configPath, 'utf8')}
[auth.external.github]
enabled = true
client_id = "local-github-client"
secret = "local-github-secret"
url = "${provider.url}"

[auth.external.keycloak]
enabled = true
client_id = "kc-client"
secret = "kc-secret"
url = "${provider.url}/realms/test/"
`);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    stack = { apiUrl: status.API_URL!, anonKey: status.ANON_KEY!, jwtSecret: status.JWT_SECRET!, dbUrl: status.DB_URL! };
  });
  after(async () => {
    project?.dispose();
    await new Promise((resolve) => provider.server.close(resolve));
  });

  it('signs up with GitHub: authorize, the provider, the callback, and the session in the fragment', async () => {
    const auth = client(stack).auth;
    const { data, error } = await auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${app}/welcome`, scopes: 'repo' } });
    assert.equal(error, null);
    const { location, hops } = await follow(data.url!, app);
    const authorize = provider.lastAuthorize!;
    assert.equal(authorize.pathname, '/login/oauth/authorize');
    assert.equal(authorize.searchParams.get('client_id'), 'local-github-client');
    assert.equal(authorize.searchParams.get('redirect_uri'), `${stack.apiUrl}/auth/v1/callback`);
    assert.equal(authorize.searchParams.get('scope'), 'user:email repo');
    assert.equal(authorize.searchParams.get('response_type'), 'code');
    // The rest of the query goes on to the provider, as GoTrue passes it.
    assert.equal(authorize.searchParams.get('redirect_to'), `${app}/welcome`);
    const state = decodeJwt(authorize.searchParams.get('state')!);
    assert.deepEqual(Object.keys(state), ['exp', 'site_url', 'id', 'function_hooks', 'provider', 'referrer', 'flow_state_id']);
    assert.equal(state.provider, 'github');
    assert.equal(state.referrer, `${app}/welcome`);
    assert.ok(hops[1].startsWith(`${stack.apiUrl}/auth/v1/callback?`));

    assert.ok(location.startsWith(`${app}/welcome#`), location);
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    assert.deepEqual([...fragment.keys()], ['access_token', 'expires_at', 'expires_in', 'provider_token', 'refresh_token', 'token_type']);
    assert.equal(fragment.get('token_type'), 'bearer');
    const claims = decodeJwt(fragment.get('access_token')!) as { email: string; amr: { method: string }[]; app_metadata: Record<string, unknown>; user_metadata: Record<string, unknown> };
    assert.equal(claims.email, 'octo@example.com');
    assert.deepEqual(claims.amr.map((entry) => entry.method), ['oauth']);
    assert.deepEqual(claims.app_metadata, { provider: 'github', providers: ['github'] });
    assert.equal(claims.user_metadata.user_name, 'octo');

    const session = await auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    assert.equal(session.error, null);
    const user = session.data.user!;
    assert.equal(user.email, 'octo@example.com');
    assert.ok(user.email_confirmed_at);
    assert.deepEqual(user.identities?.map((identity) => [identity.provider, identity.id]), [['github', '583231']]);
    const [identity] = await pgQuery<{ identity_data: Record<string, unknown> }>(stack.dbUrl, "select identity_data from auth.identities where provider = 'github'");
    assert.deepEqual(identity.identity_data, {
      iss: `${provider.url}/api/v3`, sub: '583231', name: 'Mona Octocat', email: 'octo@example.com', email_verified: true, phone_verified: false,
      full_name: 'Mona Octocat', avatar_url: 'https://avatars.example/octo', provider_id: '583231', preferred_username: 'octo', user_name: 'octo',
    });
    const [row] = await pgQuery<{ encrypted_password: string; role: string }>(stack.dbUrl, 'select encrypted_password, role from auth.users where id = $1', [user.id]);
    assert.deepEqual(row, { encrypted_password: '', role: 'authenticated' });
  });

  it('signs the same GitHub user in again, and links a Keycloak identity with the same verified address', async () => {
    const first = await follow((await client(stack).auth.signInWithOAuth({ provider: 'github' })).data.url!, app);
    // No redirect_to: GoTrue sends the user back to site_url.
    assert.ok(first.location.startsWith(`${app}#`), first.location);
    const keycloak = await follow((await client(stack).auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: `${app}/kc` } })).data.url!, app);
    assert.equal(provider.lastAuthorize!.pathname, '/realms/test/protocol/openid-connect/auth');
    assert.equal(provider.lastAuthorize!.searchParams.get('scope'), 'profile email');
    const fragment = new URLSearchParams(keycloak.location.slice(keycloak.location.indexOf('#') + 1));
    assert.ok(fragment.get('provider_refresh_token')?.startsWith('kc-refresh-'));
    const claims = decodeJwt(fragment.get('access_token')!) as { sub: string; app_metadata: Record<string, unknown> };
    assert.deepEqual(claims.app_metadata, { provider: 'github', providers: ['github', 'keycloak'] });
    const users = await pgQuery<{ id: string }>(stack.dbUrl, "select id from auth.users where email = 'octo@example.com'");
    assert.deepEqual(users.map((entry) => entry.id), [claims.sub]);
    const actions = await pgQuery<{ action: string; provider: string }>(stack.dbUrl, "select payload->>'action' as action, payload->'traits'->>'provider' as provider from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at", [claims.sub]);
    assert.deepEqual(actions.map((entry) => `${entry.action}:${entry.provider}`), ['user_signedup:github', 'login:github', 'login:keycloak']);
  });

  it('signs in with PKCE: a flow state at authorize, ?code= at the callback, exchangeCodeForSession with the verifier', async () => {
    const auth = createClient(stack.apiUrl, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' } }).auth;
    const { data, error } = await auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: `${app}/pkce?from=kc#top` } });
    assert.equal(error, null);
    const { location } = await follow(data.url!, app);
    // GoTrue's prepPKCERedirectURL: the code joins the target's query, its fragment stays; no tokens.
    assert.match(location, /^http:\/\/127\.0\.0\.1:3000\/pkce\?code=[0-9a-f-]{36}&from=kc#top$/);
    const state = decodeJwt(provider.lastAuthorize!.searchParams.get('state')!) as { flow_state_id: string };
    const [flow] = await pgQuery<{ user_id: string | null; auth_code: string; provider_type: string; authentication_method: string; code_challenge_method: string; provider_refresh_token: string }>(stack.dbUrl, 'select user_id, auth_code, provider_type, authentication_method, code_challenge_method, provider_refresh_token from auth.flow_state where id = $1', [state.flow_state_id]);
    const [user] = await pgQuery<{ id: string }>(stack.dbUrl, "select id from auth.users where email = 'octo@example.com'");
    assert.deepEqual({ ...flow, provider_refresh_token: flow.provider_refresh_token.slice(0, 11) }, { user_id: user.id, auth_code: new URL(location).searchParams.get('code'), provider_type: 'keycloak', authentication_method: 'oauth', code_challenge_method: 's256', provider_refresh_token: 'kc-refresh-' });
    const code = new URL(location).searchParams.get('code')!;
    const wrong = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }) });
    assert.equal(wrong.status, 403);

    const exchanged = await auth.exchangeCodeForSession(code);
    assert.equal(exchanged.error, null);
    const session = exchanged.data.session!;
    assert.equal(session.user.email, 'octo@example.com');
    assert.ok(session.provider_token, 'the provider token comes with the session');
    assert.ok(session.provider_refresh_token?.startsWith('kc-refresh-'));
    assert.deepEqual((decodeJwt(session.access_token) as { amr: { method: string }[] }).amr.map((entry) => entry.method), ['oauth']);
    assert.deepEqual(await pgQuery(stack.dbUrl, 'select id from auth.flow_state where id = $1', [state.flow_state_id]), []);
    const again = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }) });
    assert.deepEqual(await again.json(), { code: 403, msg: 'invalid flow state, no valid flow state found' });
  });

  it('answers a forged state, an unknown provider and the provider\'s refusal as GoTrue does', async () => {
    const forgedState = await new SignJWT({ provider: 'github', referrer: 'https://evil.example' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-project-secret-at-least-32-chars'));
    const forged = await fetch(`${stack.apiUrl}/auth/v1/callback?code=x&state=${forgedState}`);
    assert.equal(forged.status, 400);
    assert.deepEqual(await forged.json(), { code: 400, msg: 'OAuth state is invalid: signature is invalid' });
    const expiredState = await new SignJWT({ provider: 'github', exp: Math.floor(Date.now() / 1000) - 61 }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(stack.jwtSecret));
    const expired = await fetch(`${stack.apiUrl}/auth/v1/callback?code=x&state=${expiredState}`);
    assert.match(((await expired.json()) as { msg: string }).msg, /^OAuth state is invalid: token is expired by 1m[12]s$/);
    const missing = await fetch(`${stack.apiUrl}/auth/v1/callback?code=x`);
    assert.deepEqual(await missing.json(), { code: 400, msg: 'OAuth state parameter missing' });
    const unknown = await fetch(`${stack.apiUrl}/auth/v1/authorize?provider=myspace`, { redirect: 'manual' });
    assert.equal(unknown.status, 400);
    assert.deepEqual(await unknown.json(), { code: 400, msg: 'Unsupported provider: Provider myspace could not be found' });
    const disabled = await fetch(`${stack.apiUrl}/auth/v1/authorize?provider=gitlab`, { redirect: 'manual' });
    assert.deepEqual(await disabled.json(), { code: 400, msg: 'Unsupported provider: provider is not enabled' });

    provider.deny = true;
    try {
      const { location } = await follow((await client(stack).auth.signInWithOAuth({ provider: 'github', options: { redirectTo: `${app}/welcome` } })).data.url!, app);
      assert.equal(location, `${app}/welcome?error=access_denied&error_description=The+user+has+denied+your+application+access.#error=access_denied&error_description=The+user+has+denied+your+application+access.`);
    } finally {
      provider.deny = false;
    }
  });
});
