/**
 * OAuth sign-in with Twitter, OAuth 1.0a, judged by `@supabase/supabase-js` 2.39.8 against a native
 * stack the built CLI starts. `[auth.external.twitter] url` (GoTrue's chooseHost) points at a local
 * OAuth 1.0a server written here from RFC 5849, apart from the Auth's client: it recomputes every
 * HMAC-SHA1 signature from the request it received (the Authorization header, the query, the
 * consumer's secret and the token's), refuses a stale timestamp, a nonce used twice, an unknown
 * token or a wrong verifier with Twitter's 401, and plays request_token, authenticate, access_token
 * and 1.1/account/verify_credentials.json. signInWithOAuth's URL is followed as a browser follows
 * it, cookies included, through the provider and back to /callback: implicit (the session in the
 * fragment) and PKCE (?code= and exchangeCodeForSession), a manual link (the cookie set by
 * /user/identities/authorize's JSON answer), then a denied authorization, a missing
 * session cookie, a refused verifier and a provider refusing the Auth's signature, each answered as
 * GoTrue v2.132.3 answers it.
 */
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { reachesOrigin } from './support/redirect-target.js';

const CONSUMER_KEY = 'tw-consumer-key';
const CONSUMER_SECRET = 'tw consumer/secret+&';

/** RFC 3986 unreserved characters stay, every other UTF-8 byte is %XX (RFC 5849 3.6). */
function percent(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The Authorization header's `OAuth k="v", ...` parameters, decoded. */
function oauthHeader(value: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!value?.startsWith('OAuth ')) return out;
  for (const match of value.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)) out.set(match[1], decodeURIComponent(match[2]));
  return out;
}

/** A local Twitter: every request's signature checked for real before it is answered. */
class LocalTwitter {
  readonly server: Server;
  readonly requestTokens = new Map<string, { secret: string; callback: string; verifier?: string }>();
  readonly accessTokens = new Map<string, string>();
  readonly nonces = new Set<string>();
  /** What each endpoint received, for the test to check. */
  readonly seen: { path: string; method: string; oauth: Map<string, string>; query: URLSearchParams }[] = [];
  /** The secret the server expects; another one makes every Auth signature wrong. */
  consumerSecret = CONSUMER_SECRET;
  /** The user at the next authentication refuses the app. */
  deny = false;
  user: Record<string, unknown> = {
    id: 1467726470533754880, id_str: '1467726470533754880', name: 'Tweety Bird', screen_name: 'tweety',
    profile_image_url_https: 'https://pbs.twimg.example/tweety_normal.jpg', email: 'tweety@example.com',
  };

  constructor() {
    this.server = createServer((request, response) => this.answer(request, response));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The signature this server expects of the request, or why it cannot be checked. */
  private verify(request: IncomingMessage, url: URL, oauth: Map<string, string>, tokenSecret: string): boolean {
    const timestamp = Number(oauth.get('oauth_timestamp'));
    if (!(Math.abs(Date.now() / 1000 - timestamp) < 300)) return false;
    const nonce = oauth.get('oauth_nonce') ?? '';
    if (!nonce || this.nonces.has(nonce)) return false;
    this.nonces.add(nonce);
    if (oauth.get('oauth_consumer_key') !== CONSUMER_KEY || oauth.get('oauth_signature_method') !== 'HMAC-SHA1' || oauth.get('oauth_version') !== '1.0') return false;
    const pairs: string[] = [];
    for (const [key, value] of oauth) if (key !== 'oauth_signature') pairs.push(`${percent(key)}=${percent(value)}`);
    for (const [key, value] of url.searchParams) pairs.push(`${percent(key)}=${percent(value)}`);
    pairs.sort();
    const base = [request.method!, percent(`http://${request.headers.host}${url.pathname}`), percent(pairs.join('&'))].join('&');
    const expected = createHmac('sha1', `${percent(this.consumerSecret)}&${percent(tokenSecret)}`).update(base).digest('base64');
    return expected === oauth.get('oauth_signature');
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.url);
    const oauth = oauthHeader(request.headers.authorization);
    this.seen.push({ path: url.pathname, method: request.method!, oauth, query: url.searchParams });
    const refuse = (): void => void response.writeHead(401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 32, message: 'Could not authenticate you.' }] }));
    const form = (values: Record<string, string>): void => void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(new URLSearchParams(values).toString());
    const token = (): string => randomBytes(12).toString('hex');

    if (url.pathname === '/oauth/request_token') {
      const callback = oauth.get('oauth_callback') ?? '';
      if (!this.verify(request, url, oauth, '') || !callback) return refuse();
      const issued = token();
      this.requestTokens.set(issued, { secret: `rs-${token()}`, callback });
      return form({ oauth_token: issued, oauth_token_secret: this.requestTokens.get(issued)!.secret, oauth_callback_confirmed: 'true' });
    }
    if (url.pathname === '/oauth/authenticate') {
      const issued = url.searchParams.get('oauth_token') ?? '';
      const kept = this.requestTokens.get(issued);
      if (!kept) return void response.writeHead(400).end('unknown request token');
      const back = new URL(kept.callback);
      if (this.deny) {
        back.searchParams.set('denied', issued);
      } else {
        kept.verifier = token();
        back.searchParams.set('oauth_token', issued);
        back.searchParams.set('oauth_verifier', kept.verifier);
      }
      return void response.writeHead(302, { Location: back.toString() }).end();
    }
    if (url.pathname === '/oauth/access_token') {
      const kept = this.requestTokens.get(oauth.get('oauth_token') ?? '');
      if (!kept || !this.verify(request, url, oauth, kept.secret) || !kept.verifier || kept.verifier !== oauth.get('oauth_verifier')) return refuse();
      this.requestTokens.delete(oauth.get('oauth_token')!);
      const issued = `${this.user.id_str as string}-${token()}`;
      this.accessTokens.set(issued, `as-${token()}`);
      return form({ oauth_token: issued, oauth_token_secret: this.accessTokens.get(issued)!, user_id: this.user.id_str as string, screen_name: this.user.screen_name as string });
    }
    if (url.pathname === '/1.1/account/verify_credentials.json') {
      const secret = this.accessTokens.get(oauth.get('oauth_token') ?? '');
      if (secret === undefined || !this.verify(request, url, oauth, secret)) return refuse();
      const user = url.searchParams.get('include_email') === 'true' ? this.user : { ...this.user, email: undefined };
      return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(user));
    }
    response.writeHead(404).end();
  }
}

/** A browser's hops: each redirect followed with the cookies set so far, up to a Location under `stopAt`. */
async function browse(start: string, stopAt: string, jar = new Map<string, string>()): Promise<{ location: string; hops: string[]; jar: Map<string, string> }> {
  const hops: string[] = [];
  let url = start;
  for (let i = 0; i < 5; i += 1) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const set of response.headers.getSetCookie()) {
      const [pair] = set.split(';');
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    assert.equal(response.status, 302, `${url} answered ${response.status}: ${await response.text()}`);
    const location = new URL(response.headers.get('location')!, url).toString();
    hops.push(location);
    if (reachesOrigin(location, stopAt)) return { location, hops, jar };
    url = location;
  }
  throw new Error(`no redirect to ${stopAt} after ${hops.join(' -> ')}`);
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

/** GoTrue's redirectErrors: the error in the target's query and again in its fragment. */
function errorOf(location: string): { query: Record<string, string>; fragment: Record<string, string> } {
  const url = new URL(location);
  return { query: Object.fromEntries(url.searchParams), fragment: Object.fromEntries(new URLSearchParams(url.hash.slice(1))) };
}

describe('OAuth sign-in with Twitter (OAuth 1.0a) of the native Auth API', function () {
  this.timeout(180_000);
  let project: CliProject;
  let apiUrl: string;
  let anonKey: string;
  let dbUrl: string;
  const twitter = new LocalTwitter();
  const app = 'http://127.0.0.1:3000';

  before(async () => {
    await new Promise<void>((resolve) => twitter.server.listen(0, '127.0.0.1', resolve));
    project = await cliProject('auth-oauth-twitter');
    const configPath = path.join(project.root, 'supabase', 'config.toml');
    const config = readFileSync(configPath, 'utf8').replace(/^enable_manual_linking = false$/m, 'enable_manual_linking = true');
    assert.match(config, /^enable_manual_linking = true$/m);
    writeFileSync(configPath, `${config}
[auth.external.twitter]
enabled = true
client_id = "${CONSUMER_KEY}"
secret = "${CONSUMER_SECRET}"
url = "${twitter.url}/"
`);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    ({ API_URL: apiUrl, ANON_KEY: anonKey, DB_URL: dbUrl } = status as Record<string, string>);
  });
  after(async () => {
    project?.dispose();
    await new Promise((resolve) => twitter.server.close(resolve));
  });
  beforeEach(() => {
    twitter.seen.length = 0;
    twitter.deny = false;
    twitter.consumerSecret = CONSUMER_SECRET;
  });

  const implicit = () => createClient(apiUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'implicit' } }).auth;

  it('signs up with Twitter: a signed request token, authenticate, the verifier exchanged, the user and its address read', async () => {
    const { data, error } = await implicit().signInWithOAuth({ provider: 'twitter', options: { redirectTo: `${app}/welcome`, scopes: 'ignored' } });
    assert.equal(error, null);
    const { location, hops, jar } = await browse(data.url!, app);
    assert.ok(jar.has('_gotrue_session'), 'the request token waits in the session cookie');
    assert.deepEqual(twitter.seen.map((entry) => `${entry.method} ${entry.path}`), ['GET /oauth/request_token', 'GET /oauth/authenticate', 'GET /oauth/access_token', 'GET /1.1/account/verify_credentials.json']);
    const [requestToken, authenticate, accessToken, credentials] = twitter.seen;
    // The state rides in the callback, since OAuth 1.0a has no state parameter.
    const callback = new URL(requestToken.oauth.get('oauth_callback')!);
    assert.equal(`${callback.origin}${callback.pathname}`, `${apiUrl}/auth/v1/callback`);
    assert.deepEqual([...callback.searchParams.keys()], ['state']);
    const state = decodeJwt(callback.searchParams.get('state')!);
    assert.equal(state.provider, 'twitter');
    assert.equal(state.referrer, `${app}/welcome`);
    assert.equal(hops[0], `${twitter.url}/oauth/authenticate?oauth_token=${authenticate.query.get('oauth_token')}`);
    assert.ok(hops[1].startsWith(`${apiUrl}/auth/v1/callback?state=`));
    assert.equal(accessToken.oauth.get('oauth_token'), authenticate.query.get('oauth_token'));
    assert.deepEqual(Object.fromEntries(credentials.query), { include_email: 'true', include_entities: 'false', skip_status: 'true' });

    assert.ok(location.startsWith(`${app}/welcome#`), location);
    const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
    // OAuth 1.0a has no refresh token; the provider token is the access token.
    assert.deepEqual([...fragment.keys()], ['access_token', 'expires_at', 'expires_in', 'provider_token', 'refresh_token', 'token_type']);
    assert.equal(fragment.get('provider_token'), credentials.oauth.get('oauth_token'));
    const claims = decodeJwt(fragment.get('access_token')!) as { email: string; app_metadata: Record<string, unknown>; user_metadata: Record<string, unknown> };
    assert.equal(claims.email, 'tweety@example.com');
    assert.deepEqual(claims.app_metadata, { provider: 'twitter', providers: ['twitter'] });
    const identityData = {
      iss: `${twitter.url}/1.1/account/verify_credentials.json`, sub: '1467726470533754880', name: 'Tweety Bird', picture: 'https://pbs.twimg.example/tweety_normal.jpg',
      preferred_username: 'tweety', user_name: 'tweety', full_name: 'Tweety Bird', avatar_url: 'https://pbs.twimg.example/tweety_normal.jpg', provider_id: '1467726470533754880',
      email: 'tweety@example.com', email_verified: true, phone_verified: false,
    };
    assert.deepEqual(claims.user_metadata, identityData);
    const [identity] = await pgQuery<{ provider_id: string; identity_data: Record<string, unknown> }>(dbUrl, "select provider_id, identity_data from auth.identities where provider = 'twitter'");
    assert.deepEqual(identity, { provider_id: '1467726470533754880', identity_data: identityData });
    const [user] = await pgQuery<{ email_confirmed_at: Date | null; encrypted_password: string }>(dbUrl, "select email_confirmed_at, encrypted_password from auth.users where email = 'tweety@example.com'");
    assert.ok(user.email_confirmed_at, 'Twitter addresses count as verified');
    assert.equal(user.encrypted_password, '');
  });

  it('signs in with PKCE: ?code= at the callback, exchangeCodeForSession with the access token as the provider token', async () => {
    const auth = createClient(apiUrl, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: 'pkce' } }).auth;
    const { data, error } = await auth.signInWithOAuth({ provider: 'twitter', options: { redirectTo: `${app}/pkce#top` } });
    assert.equal(error, null);
    const { location } = await browse(data.url!, app);
    assert.match(location, /^http:\/\/127\.0\.0\.1:3000\/pkce\?code=[0-9a-f-]{36}#top$/);
    const state = decodeJwt(new URL(twitter.seen[0].oauth.get('oauth_callback')!).searchParams.get('state')!) as { flow_state_id: string };
    assert.match(state.flow_state_id, /^[0-9a-f-]{36}$/);
    const exchanged = await auth.exchangeCodeForSession(new URL(location).searchParams.get('code')!);
    assert.equal(exchanged.error, null);
    const session = exchanged.data.session!;
    assert.equal(session.user.email, 'tweety@example.com');
    assert.equal(session.provider_token, twitter.seen[3].oauth.get('oauth_token'));
    assert.equal(session.provider_refresh_token ?? '', '');
    assert.deepEqual(session.user.identities?.map((entry) => entry.provider), ['twitter']);
    const logins = await pgQuery<{ action: string }>(dbUrl, "select payload->>'action' as action from auth.audit_log_entries where payload->'traits'->>'provider' = 'twitter' order by created_at");
    assert.deepEqual(logins.map((entry) => entry.action), ['user_signedup', 'login']);
  });

  it('links a Twitter identity to a signed-in user: the request token kept by the JSON answer of /user/identities/authorize', async () => {
    const auth = implicit();
    const { data: signedUp, error } = await auth.signUp({ email: 'sylvester@example.com', password: 'puddy-tat' });
    assert.equal(error, null);
    const previous = twitter.user;
    twitter.user = { ...previous, id_str: '9001', name: 'Sylvester', screen_name: 'sylvester', email: 'cat@example.com' };
    try {
      const response = await fetch(`${apiUrl}/auth/v1/user/identities/authorize?provider=twitter&skip_http_redirect=true&redirect_to=${encodeURIComponent(`${app}/linked`)}`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${signedUp.session!.access_token}` },
      });
      assert.equal(response.status, 200);
      const { url } = (await response.json()) as { url: string };
      assert.ok(url.startsWith(`${twitter.url}/oauth/authenticate?oauth_token=`), url);
      const cookie = response.headers.getSetCookie().find((set) => set.startsWith('_gotrue_session='))!;
      const jar = new Map([['_gotrue_session', cookie.slice('_gotrue_session='.length, cookie.indexOf(';'))]]);
      const { location } = await browse(url, app, jar);
      assert.ok(location.startsWith(`${app}/linked#access_token=`), location);
      const identities = await pgQuery<{ provider: string; provider_id: string }>(dbUrl, 'select provider, provider_id from auth.identities where user_id = $1 order by provider', [signedUp.user!.id]);
      assert.deepEqual(identities, [{ provider: 'email', provider_id: signedUp.user!.id }, { provider: 'twitter', provider_id: '9001' }]);
    } finally {
      twitter.user = previous;
    }
  });

  it('answers a denied authorization, a missing session cookie and a refused verifier with GoTrue\'s 500 redirects', async () => {
    twitter.deny = true;
    const denied = await browse((await implicit().signInWithOAuth({ provider: 'twitter', options: { redirectTo: `${app}/denied` } })).data.url!, app);
    assert.ok(denied.hops[1].includes('&denied='), denied.hops[1]);
    const message = { error: 'server_error', error_code: '500', error_description: "Request token doesn't match token in callback" };
    assert.deepEqual(errorOf(denied.location), { query: message, fragment: message });
    assert.ok(denied.location.startsWith(`${app}/denied?`));

    // The provider's callback reached without the cookie /authorize set: no session, GoTrue's plain error.
    twitter.deny = false;
    const start = await browse((await implicit().signInWithOAuth({ provider: 'twitter', options: { redirectTo: `${app}/nocookie` } })).data.url!, twitter.url);
    const toCallback = await fetch(start.location, { redirect: 'manual' });
    const callback = toCallback.headers.get('location')!;
    const withoutCookie = await browse(callback, app);
    const lost = { error: 'server_error', error_description: 'session could not be found for this request' };
    assert.deepEqual(errorOf(withoutCookie.location), { query: lost, fragment: lost });

    // A verifier the provider did not give: its access_token endpoint refuses, GoTrue's 500.
    const forged = new URL(callback);
    forged.searchParams.set('oauth_verifier', 'not-the-verifier');
    const refused = await browse(forged.toString(), app, start.jar);
    const unable = { error: 'server_error', error_code: '500', error_description: 'Unable to retrieve access token' };
    assert.deepEqual(errorOf(refused.location), { query: unable, fragment: unable });
    assert.equal(twitter.seen.at(-1)!.path, '/oauth/access_token');
  });

  it('answers a provider that refuses the request token\'s signature as GoTrue does: a redirect to an empty URL', async () => {
    twitter.consumerSecret = 'the app was given another secret';
    const { data } = await implicit().signInWithOAuth({ provider: 'twitter', options: { redirectTo: app } });
    const response = await fetch(data.url!, { redirect: 'manual' });
    assert.equal(response.status, 302);
    // Go's http.Redirect resolves the empty URL against /authorize: the directory of the path.
    assert.equal(response.headers.get('location'), '/');
    assert.deepEqual(twitter.seen.map((entry) => entry.path), ['/oauth/request_token']);
    const cookie = response.headers.getSetCookie().find((set) => set.startsWith('_gotrue_session='));
    assert.match(cookie ?? '', /^_gotrue_session=[^;]+; Path=\/; Expires=[^;]+ GMT; Max-Age=2592000$/);
    // The session then holds no token (GoTrue's null), which a callback without oauth_token matches: the
    // access token is asked with an empty token, and refused.
    const callback = twitter.seen[0].oauth.get('oauth_callback')!;
    const jar = new Map([['_gotrue_session', cookie!.slice('_gotrue_session='.length, cookie!.indexOf(';'))]]);
    const refused = await browse(callback, app, jar);
    const unable = { error: 'server_error', error_code: '500', error_description: 'Unable to retrieve access token' };
    assert.deepEqual(errorOf(refused.location), { query: unable, fragment: unable });
    assert.deepEqual(twitter.seen.map((entry) => [entry.path, entry.oauth.get('oauth_token')]), [['/oauth/request_token', undefined], ['/oauth/access_token', '']]);
  });
});
