/**
 * The OAuth providers of GoTrue v2.132.3 whose user-info answers differ in shape, judged by
 * `@supabase/supabase-js` 2.39.8 against a native stack the built CLI starts. Each provider's `url`
 * setting (GoTrue's chooseHost: it replaces every host of the provider, the setting users have for
 * a proxy or a self-hosted instance) points at a local server written here that plays the
 * provider's authorization, token and user-info endpoints under /<provider>/, checks the client's
 * credentials, the one-time code and what the provider requires of the request (Facebook's
 * appsecret_proof, Twitch's Client-Id, Notion's Notion-Version), and answers in the provider's own
 * shape. The identity GoTrue stores (its claims) is then compared with what GoTrue maps.
 */
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';
import { reachesOrigin } from './support/redirect-target.js';

interface ProviderPlay {
  authorize: string;
  token: string;
  /** The user-info answers by path (with its query); `check` refuses a request the provider would refuse. */
  api: Record<string, unknown>;
  check?: (headers: IncomingHttpHeaders, url: URL, token: string) => boolean;
  /** Extra members of the token answer (WorkOS's profile). */
  tokenExtra?: Record<string, unknown>;
}

const SECRET = 'provider-secret';

const PLAYS: Record<string, ProviderPlay> = {
  discord: {
    authorize: '/api/oauth2/authorize', token: '/api/oauth2/token',
    api: { '/api/users/@me': { id: '80351110224678912', username: 'nelly', discriminator: '1337', avatar: 'a_8342729096ea3675442027381ff50dfe', email: 'nelly@example.com', verified: true, global_name: 'Nelly' } },
  },
  facebook: {
    authorize: '/dialog/oauth', token: '/oauth/access_token',
    api: { '/me?fields=email,first_name,last_name,name,picture': { id: '10224', email: 'fb@example.com', first_name: 'Face', last_name: 'Book', name: 'facebooker', picture: { data: { url: 'https://fb.example/p.jpg' } } } },
    check: (_headers, url, token) => url.searchParams.get('appsecret_proof') === createHmac('sha256', SECRET).update(token).digest('hex'),
  },
  twitch: {
    authorize: '/oauth2/authorize', token: '/oauth2/token',
    api: { '/helix/users': { data: [{ id: '141981764', login: 'twitchdev', display_name: 'TwitchDev', type: '', broadcaster_type: 'partner', description: 'Supporting devs', profile_image_url: 'https://tw.example/p.png', offline_image_url: '', view_count: 5980557, email: 'tw@example.com' }] } },
    check: (headers) => headers['client-id'] === 'twitch-client',
  },
  slack: {
    authorize: '/oauth/authorize', token: '/api/oauth.access',
    api: { '/api/openid.connect.userInfo': { 'https://slack.com/user_id': 'U0R7JM', 'https://slack.com/team_id': 'T0R7GR', email: 'sl@example.com', name: 'Slack User', picture: 'https://sl.example/p.png' } },
  },
  spotify: {
    authorize: '/authorize', token: '/api/token',
    api: { '/me': { id: 'wizzler', display_name: 'Wizzler', email: 'sp@example.com', images: [{ url: 'https://sp.example/1.jpg', height: 300, width: 300 }] } },
  },
  notion: {
    authorize: '/v1/oauth/authorize', token: '/v1/oauth/token',
    api: { '/v1/users/me': { bot: { owner: { user: { id: 'nu-1', name: 'Notion User', avatar_url: 'https://no.example/a.png', person: { email: 'no@example.com' } } } } } },
    check: (headers) => headers['notion-version'] === '2021-08-16',
  },
  bitbucket: {
    authorize: '/site/oauth2/authorize', token: '/site/oauth2/access_token',
    api: {
      '/2.0/user': { uuid: '{b-1}', display_name: 'Bit Bucket', avatar: { href: 'https://bb.example/a.png' } },
      '/2.0/user/emails': { values: [{ email: 'bb-old@example.com', is_primary: false, is_confirmed: false }, { email: 'bb@example.com', is_primary: true, is_confirmed: true }] },
    },
  },
  workos: {
    authorize: '/sso/authorize', token: '/sso/token', api: {},
    tokenExtra: { profile: { id: 'prof_1', connection_id: 'conn_1', organization_id: 'org_1', email: 'wo@example.com', first_name: 'Work', last_name: 'Os' } },
  },
};

/** The local provider: /<name>/<path> plays PLAYS[name]. */
class LocalProviders {
  readonly server: Server;
  readonly codes = new Map<string, string>();
  readonly tokens = new Map<string, string>();
  readonly authorizations = new Map<string, URL>();

  constructor() {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const [, name] = url.pathname.split('/');
        const play = PLAYS[name];
        const rest = `${url.pathname.slice(name.length + 1)}${url.search}`;
        const json = (status: number, value: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
        if (!play) return json(404, {});
        if (url.pathname === `/${name}${play.authorize}`) {
          this.authorizations.set(name, url);
          const code = randomUUID();
          this.codes.set(code, name);
          const back = new URL(url.searchParams.get('redirect_uri')!);
          back.searchParams.set('code', code);
          back.searchParams.set('state', url.searchParams.get('state')!);
          return void response.writeHead(302, { Location: back.toString() }).end();
        }
        if (request.method === 'POST' && url.pathname === `/${name}${play.token}`) {
          const form = new URLSearchParams(body);
          const basic = Buffer.from(String(request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
          if (this.codes.get(form.get('code') ?? '') !== name || basic !== `${name}-client:${SECRET}`) return json(400, { error: 'invalid_grant' });
          this.codes.delete(form.get('code')!);
          const token = randomUUID();
          this.tokens.set(token, name);
          return json(200, { access_token: token, token_type: 'bearer', expires_in: 3600, ...play.tokenExtra });
        }
        const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
        if (this.tokens.get(token) !== name || (play.check && !play.check(request.headers, url, token))) return json(401, { error: 'unauthorized' });
        // Facebook's proof is checked above; the answer is found by the path and fields alone.
        const key = Object.keys(play.api).find((candidate) => rest === candidate || rest.startsWith(`${candidate}&`));
        return key ? json(200, play.api[key]) : json(404, { error: `no ${rest}` });
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
}

async function identityData(dbUrl: string, provider: string): Promise<Record<string, unknown>> {
  const connection = new pg.Client({ connectionString: dbUrl });
  await connection.connect();
  try {
    return (await connection.query<{ identity_data: Record<string, unknown> }>('select identity_data from auth.identities where provider = $1', [provider])).rows[0].identity_data;
  } finally {
    await connection.end();
  }
}

describe('OAuth providers of the native Auth API, each read in its own shape', function () {
  this.timeout(180_000);
  let project: CliProject;
  let apiUrl: string;
  let anonKey: string;
  let dbUrl: string;
  const providers = new LocalProviders();
  const app = 'http://127.0.0.1:3000';

  before(async () => {
    await new Promise<void>((resolve) => providers.server.listen(0, '127.0.0.1', resolve));
    project = await cliProject('auth-oauth-providers');
    const configPath = path.join(project.root, 'supabase', 'config.toml');
    const sections = Object.keys(PLAYS).map((name) => `[auth.external.${name}]\nenabled = true\nclient_id = "${name}-client"\nsecret = "${SECRET}"\nurl = "${providers.url}/${name}"\n`);
    writeFileSync(configPath, `${readFileSync(configPath, 'utf8')}\n${sections.join('\n')}`);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    ({ API_URL: apiUrl, ANON_KEY: anonKey, DB_URL: dbUrl } = status as Record<string, string>);
  });
  after(async () => {
    project?.dispose();
    await new Promise((resolve) => providers.server.close(resolve));
  });

  /** signInWithOAuth, through the provider and the callback, to the session in the fragment. */
  async function signIn(provider: string, scopes?: string): Promise<{ email: string; provider: string }> {
    const { data } = await createClient(apiUrl, anonKey, { auth: { persistSession: false, flowType: 'implicit' } }).auth.signInWithOAuth({ provider: provider as 'github', options: { redirectTo: app, scopes } });
    let url = data.url!;
    for (let hop = 0; hop < 3; hop += 1) {
      const response = await fetch(url, { redirect: 'manual' });
      assert.equal(response.status, 302, `${url}: ${await response.text()}`);
      url = response.headers.get('location')!;
      if (reachesOrigin(url, app)) break;
    }
    const fragment = new URLSearchParams(url.slice(url.indexOf('#') + 1));
    assert.ok(fragment.get('access_token'), url);
    const claims = decodeJwt(fragment.get('access_token')!) as { email: string; app_metadata: { provider: string } };
    return { email: claims.email, provider: claims.app_metadata.provider };
  }

  it('Discord: the user from /api/users/@me, its animated avatar, name#discriminator and global_name', async () => {
    assert.deepEqual(await signIn('discord', 'guilds'), { email: 'nelly@example.com', provider: 'discord' });
    const authorize = providers.authorizations.get('discord')!;
    assert.equal(authorize.searchParams.get('scope'), 'email identify guilds');
    assert.equal(authorize.searchParams.get('client_id'), 'discord-client');
    const avatar = 'https://cdn.discordapp.com/avatars/80351110224678912/a_8342729096ea3675442027381ff50dfe.gif';
    assert.deepEqual(await identityData(dbUrl, 'discord'), {
      iss: `${providers.url}/discord/api`, sub: '80351110224678912', name: 'nelly#1337', picture: avatar, avatar_url: avatar, full_name: 'nelly', provider_id: '80351110224678912',
      custom_claims: { global_name: 'Nelly' }, email: 'nelly@example.com', email_verified: true, phone_verified: false,
    });
  });

  it('Facebook: the Graph profile asked with appsecret_proof, the names joined and the alias as nickname and slug', async () => {
    assert.deepEqual(await signIn('facebook'), { email: 'fb@example.com', provider: 'facebook' });
    assert.equal(providers.authorizations.get('facebook')!.searchParams.get('scope'), 'email');
    assert.deepEqual(await identityData(dbUrl, 'facebook'), {
      iss: `${providers.url}/facebook/me?fields=email,first_name,last_name,name,picture`, sub: '10224', name: 'Face Book', nickname: 'facebooker', slug: 'facebooker',
      picture: 'https://fb.example/p.jpg', avatar_url: 'https://fb.example/p.jpg', full_name: 'Face Book', provider_id: '10224', email: 'fb@example.com', email_verified: true, phone_verified: false,
    });
  });

  it('Twitch: helix/users with the Client-Id header, the first user of data[] and its channel claims', async () => {
    assert.deepEqual(await signIn('twitch'), { email: 'tw@example.com', provider: 'twitch' });
    assert.equal(providers.authorizations.get('twitch')!.searchParams.get('scope'), 'user:read:email');
    assert.deepEqual(await identityData(dbUrl, 'twitch'), {
      iss: `${providers.url}/twitch`, sub: '141981764', name: 'twitchdev', nickname: 'TwitchDev', slug: 'TwitchDev', picture: 'https://tw.example/p.png', avatar_url: 'https://tw.example/p.png',
      full_name: 'twitchdev', provider_id: '141981764', email: 'tw@example.com', email_verified: true, phone_verified: false,
      custom_claims: { broadcaster_type: 'partner', description: 'Supporting devs', type: '', offline_image_url: '', view_count: 5980557 },
    });
  });

  it('Slack, Spotify, Notion, Bitbucket and WorkOS: OIDC-style claims, an image list, a bot owner, an address list and a profile in the token answer', async () => {
    assert.deepEqual(await signIn('slack'), { email: 'sl@example.com', provider: 'slack' });
    assert.equal(providers.authorizations.get('slack')!.searchParams.get('scope'), 'profile email openid');
    assert.deepEqual(await identityData(dbUrl, 'slack'), {
      iss: `${providers.url}/slack/api`, sub: 'U0R7JM', name: 'Slack User', picture: 'https://sl.example/p.png', avatar_url: 'https://sl.example/p.png', full_name: 'Slack User', provider_id: 'U0R7JM',
      custom_claims: { 'https://slack.com/team_id': 'T0R7GR' }, email: 'sl@example.com', email_verified: true, phone_verified: false,
    });
    // Spotify's address is not verified for GoTrue; the local stack autoconfirms, so the sign-in goes through.
    assert.deepEqual(await signIn('spotify'), { email: 'sp@example.com', provider: 'spotify' });
    assert.deepEqual(await identityData(dbUrl, 'spotify'), {
      iss: `${providers.url}/spotify`, sub: 'wizzler', name: 'Wizzler', picture: 'https://sp.example/1.jpg', avatar_url: 'https://sp.example/1.jpg', full_name: 'Wizzler', provider_id: 'wizzler',
      email: 'sp@example.com', email_verified: false, phone_verified: false,
    });
    assert.deepEqual(await signIn('notion'), { email: 'no@example.com', provider: 'notion' });
    assert.equal(providers.authorizations.get('notion')!.searchParams.has('scope'), false);
    assert.equal((await identityData(dbUrl, 'notion')).sub, 'nu-1');
    // Bitbucket takes no request scopes; the primary address wins.
    assert.deepEqual(await signIn('bitbucket', 'repository'), { email: 'bb@example.com', provider: 'bitbucket' });
    assert.equal(providers.authorizations.get('bitbucket')!.searchParams.get('scope'), 'account email');
    assert.deepEqual(await identityData(dbUrl, 'bitbucket'), {
      iss: `${providers.url}/bitbucket/2.0`, sub: '{b-1}', name: 'Bit Bucket', picture: 'https://bb.example/a.png', avatar_url: 'https://bb.example/a.png', full_name: 'Bit Bucket', provider_id: '{b-1}',
      email: 'bb@example.com', email_verified: true, phone_verified: false,
    });
    assert.deepEqual(await signIn('workos'), { email: 'wo@example.com', provider: 'workos' });
    assert.deepEqual(await identityData(dbUrl, 'workos'), {
      iss: `${providers.url}/workos`, sub: 'prof_1', name: 'Work Os', full_name: 'Work Os', provider_id: 'prof_1', custom_claims: { connection_id: 'conn_1', organization_id: 'org_1' },
      email: 'wo@example.com', email_verified: true, phone_verified: false,
    });
  });

  it('knows the providers GoTrue knows that config.toml cannot enable (figma, fly, kakao): not enabled, rather than not found', async () => {
    for (const name of ['figma', 'fly', 'kakao']) {
      const response = await fetch(`${apiUrl}/auth/v1/authorize?provider=${name}`, { redirect: 'manual' });
      assert.deepEqual(await response.json(), { code: 400, msg: 'Unsupported provider: provider is not enabled' });
    }
  });
});
