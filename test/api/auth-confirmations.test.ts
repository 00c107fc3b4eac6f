/**
 * The Auth service with `[auth.email] enable_confirmations = true` and with signups closed, served
 * on a bare fastify against a scratch cluster (the flows, without a stack): a signup writes
 * GoTrue's confirmation token row (SHA-224 hex of address and OTP, confirmation_sent_at) and answers
 * the unconfirmed user without a session; signing in says `Email not confirmed`; asking again
 * within the mail max frequency (1 s, as the CLI sets it) is GoTrue's 429; a repeated signup of a confirmed address answers
 * a made-up user rather than telling; settings say autoconfirm is off; `enable_signup = false`
 * refuses signups with GoTrue's 403. The confirmation mail goes to a mail catcher's SMTP receiver
 * on a free port; with nothing listening there (the catcher stopped) a signup is GoTrue's 500
 * `Error sending confirmation mail` and leaves no user behind.
 */
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { authSettingsFromConfig } from '../../tasks/api/auth/auth-settings.js';
import { createAuthService } from '../../tasks/api/auth/auth-service.js';
import type { ApiService, ApiSettings } from '../../tasks/api/gateway/api-service.js';
import { startScratchCluster, type ScratchCluster } from '../../tasks/native/scratch-cluster.js';
import { buildConfig } from '../../tasks/project/config-build.js';
import { MailStore } from '../../tasks/mail-catcher/mail-store.js';
import { createSmtpReceiver } from '../../tasks/mail-catcher/smtp-receiver.js';
import { freePort, nativeTestEnv } from '../integration/support/temp-project.js';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** An Auth service on its own fastify, with `[auth]` as given. */
async function serveAuth(cluster: ScratchCluster, auth: Record<string, unknown>, smtpPort: number): Promise<{ app: FastifyInstance; service: ApiService; url: string }> {
  const config = buildConfig({ inbucket: { smtp_port: smtpPort }, auth: { site_url: 'http://127.0.0.1:3000', jwt_expiry: 3600, enable_refresh_token_rotation: true, refresh_token_reuse_interval: 10, ...auth } }, {});
  const settings: ApiSettings = {
    dbPort: Number(new URL(cluster.url).port),
    dbPassword: 'postgres',
    jwtSecret: SECRET,
    jwtExpiry: 3600,
    anonKey: 'unused',
    serviceRoleKey: 'unused',
    apiUrl: 'http://127.0.0.1:54321',
    schemas: ['public'],
    extraSearchPath: ['public'],
    maxRows: 1000,
    auth: authSettingsFromConfig(config, 'http://127.0.0.1:54321'),
  };
  const service = createAuthService();
  const app = fastify();
  await app.register(async (scope) => service.register(scope, { settings, log: () => undefined }), { prefix: service.prefix });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, service, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('native Auth: confirmations on, signups off', function () {
  this.timeout(120_000);
  let cluster: ScratchCluster;
  let db: pg.Client;
  const servers: Array<{ app: FastifyInstance }> = [];
  const mail = new MailStore();
  const receiver = createSmtpReceiver(mail, () => undefined);
  // As the catcher's entry does: its port hands each socket to the receiver's inner server.
  const smtp = createServer((socket) => receiver.server.emit('connection', socket));
  let smtpPort: number;

  before(async () => {
    cluster = await startScratchCluster(await nativeTestEnv());
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.address() as AddressInfo).port;
  });
  after(async () => {
    smtp.close();
    for (const server of servers) await server.app.close();
    await db?.end().catch(() => undefined);
    await cluster?.discard();
  });

  describe('with enable_confirmations = true', () => {
    let url: string;
    before(async () => {
      // SMS confirmations on too: GoTrue says `User already registered` to a repeated signup when either autoconfirms.
      const server = await serveAuth(cluster, { enable_signup: true, email: { enable_signup: true, enable_confirmations: true }, sms: { enable_confirmations: true } }, smtpPort);
      servers.push(server);
      url = server.url;
    });

    it('writes the confirmation token row and answers the unconfirmed user without a session', async () => {
      const auth = createClient(url.replace(/\/$/, ''), 'unused', { auth: { persistSession: false, autoRefreshToken: false } }).auth;
      // supabase-js adds /auth/v1 itself.
      const { data, error } = await auth.signUp({ email: 'turing@example.com', password: 'enigma-1939' });
      assert.equal(error, null);
      assert.equal(data.session, null);
      assert.equal(data.user?.email, 'turing@example.com');
      assert.equal(data.user?.email_confirmed_at, undefined);
      assert.ok(data.user?.confirmation_sent_at);
      const { rows } = await db.query<{ token: string; sent: boolean; confirmed: boolean }>("select confirmation_token as token, confirmation_sent_at is not null as sent, email_confirmed_at is not null as confirmed from auth.users where email = 'turing@example.com'");
      assert.match(rows[0].token, /^[0-9a-f]{56}$/, 'the hex SHA-224 of the address and its OTP');
      assert.deepEqual([rows[0].sent, rows[0].confirmed], [true, false]);
      const audit = await db.query<{ action: string }>("select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_username' = 'turing@example.com'");
      assert.deepEqual(audit.rows.map((row) => row.action), ['user_confirmation_requested']);
      const [sent] = mail.list('turing');
      assert.equal(sent?.subject, 'Confirm Your Email');
    });

    it('refuses to sign in an unconfirmed address', async () => {
      const response = await post(`${url}/auth/v1/token?grant_type=password`, { email: 'turing@example.com', password: 'enigma-1939' });
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { error: 'invalid_grant', error_description: 'Email not confirmed' });
    });

    it('refuses a new confirmation within the mail max frequency (the CLI sets 1 s) with GoTrue 429', async () => {
      // Sent "30 s from now", so that the 1 s max frequency leaves 30 s and a fraction: GoTrue truncates them.
      await db.query("update auth.users set confirmation_sent_at = now() + interval '30 seconds' where email = 'turing@example.com'");
      const response = await post(`${url}/auth/v1/signup`, { email: 'turing@example.com', password: 'enigma-1939' });
      assert.equal(response.status, 429);
      assert.deepEqual(await response.json(), { code: 429, msg: 'For security purposes, you can only request this after 30 seconds.' });
      await db.query("update auth.users set confirmation_sent_at = now() - interval '2 seconds' where email = 'turing@example.com'");
      const again = await post(`${url}/auth/v1/signup`, { email: 'turing@example.com', password: 'enigma-1939' });
      assert.equal(again.status, 200, 'a second later it may be sent again');
    });

    it('answers a made-up user for a confirmed address, not telling it has an account', async () => {
      await db.query("update auth.users set email_confirmed_at = now() where email = 'turing@example.com'");
      const { rows } = await db.query<{ id: string }>("select id from auth.users where email = 'turing@example.com'");
      const response = await post(`${url}/auth/v1/signup`, { email: 'turing@example.com', password: 'enigma-1939' });
      assert.equal(response.status, 200);
      const body = (await response.json()) as { id: string; email: string; identities: unknown[] };
      assert.notEqual(body.id, rows[0].id);
      assert.equal(body.email, 'turing@example.com');
      assert.deepEqual(body.identities, []);
    });

    it('says in settings that mail autoconfirm is off', async () => {
      const settings = (await (await fetch(`${url}/auth/v1/settings`)).json()) as Record<string, unknown>;
      assert.equal(settings.mailer_autoconfirm, false);
      assert.equal(settings.phone_autoconfirm, false);
      assert.equal(settings.disable_signup, false);
    });
  });

  describe('with the mail catcher stopped', () => {
    it("answers GoTrue's 500 for a confirmation it cannot mail, and keeps no user", async () => {
      // A free port with nothing listening: what a stopped catcher leaves.
      const server = await serveAuth(cluster, { enable_signup: true, email: { enable_signup: true, enable_confirmations: true } }, await freePort());
      servers.push(server);
      const response = await post(`${server.url}/auth/v1/signup`, { email: 'unmailed@example.com', password: 'no-post-today' });
      assert.equal(response.status, 500);
      const body = (await response.json()) as { code: number; msg: string; error_id: string };
      assert.deepEqual([body.code, body.msg], [500, 'Error sending confirmation mail']);
      const { rows } = await db.query("select 1 from auth.users where email = 'unmailed@example.com'");
      assert.equal(rows.length, 0);
    });
  });

  describe('with enable_signup = false', () => {
    it('refuses signups with GoTrue 403', async () => {
      const server = await serveAuth(cluster, { enable_signup: false, email: { enable_signup: true, enable_confirmations: false } }, smtpPort);
      servers.push(server);
      const response = await post(`${server.url}/auth/v1/signup`, { email: 'closed@example.com', password: 'closed-door' });
      assert.equal(response.status, 403);
      assert.deepEqual(await response.json(), { code: 403, msg: 'Signups not allowed for this instance' });
      const settings = (await (await fetch(`${server.url}/auth/v1/settings`)).json()) as Record<string, unknown>;
      assert.equal(settings.disable_signup, true);
    });
  });
});
