/**
 * The mail and OTP flows of the native Auth (GoTrue v2.132.3, part 2) judged by the real
 * `@supabase/supabase-js` 2.39.8 against one native stack the built CLI starts with email
 * confirmations on, a project template for the magic link, twilio enabled with a test OTP, and
 * the mail read back from the mail catcher's Inbucket API: the signup confirmation link and its
 * redirect (and GoTrue's error fragment for a spent link), magic link codes through verifyOtp,
 * redirect_to allowed or not, resend and its 429, recovery then a new password, invite,
 * generateLink, a secure email change confirmed from both addresses, phone OTP, a reauthentication
 * code, and PKCE (magic link and signup, each exchanged for a session).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

interface Stack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  inbucketUrl: string;
}

interface Mail {
  subject: string;
  from: string;
  html: string;
}

const TEMPLATE = '<p>Hello {{ .Email }}, your code is {{ .Token }}.</p><a href="{{ .ConfirmationURL }}">Sign in to {{ .SiteURL }}</a>';

function client(stack: Stack, options: { key?: string; flowType?: 'pkce' | 'implicit' } = {}): SupabaseClient {
  return createClient(stack.apiUrl, options.key ?? stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType: options.flowType ?? 'implicit' } });
}

/** Waits for mailbox `name` to hold more than `seen` messages and answers the newest. */
async function nextMail(stack: Stack, name: string, seen: number): Promise<Mail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = (await (await fetch(`${stack.inbucketUrl}/api/v1/mailbox/${name}`)).json()) as Array<{ id: string; subject: string; from: string }>;
    if (list.length > seen) {
      const last = list[list.length - 1];
      const detail = (await (await fetch(`${stack.inbucketUrl}/api/v1/mailbox/${name}/${last.id}`)).json()) as { body: { html: string } };
      return { subject: last.subject, from: last.from, html: detail.body.html };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no new mail for ${name}`);
}

async function mailCount(stack: Stack, name: string): Promise<number> {
  return ((await (await fetch(`${stack.inbucketUrl}/api/v1/mailbox/${name}`)).json()) as unknown[]).length;
}

const codeOf = (mail: Mail): string => /(\d{6})/.exec(mail.html.replace(/<[^>]*>/g, ' ').replace(/http\S+/g, ''))![1];
const linkOf = (mail: Mail): string => /href="([^"]+)"/.exec(mail.html)![1].replaceAll('&amp;', '&');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the native Auth mail and OTP flows as @supabase/supabase-js uses them', function () {
  this.timeout(180_000);
  let project: CliProject;
  let stack: Stack;

  before(async () => {
    project = await cliProject('auth-mail-flows');
    const config = path.join(project.root, 'supabase', 'config.toml');
    mkdirSync(path.join(project.root, 'supabase', 'templates'), { recursive: true });
    writeFileSync(path.join(project.root, 'supabase', 'templates', 'magic.html'), TEMPLATE);
    const toml = readFileSync(config, 'utf8')
      .replace('additional_redirect_urls = ["https://127.0.0.1:3000"]', 'additional_redirect_urls = ["https://127.0.0.1:3000", "myapp://*/callback", "https://*.example.org/**"]')
      .replace(/(\[auth\.email\][^[]*?)enable_confirmations = false/, '$1enable_confirmations = true')
      .replace('# [auth.email.template.invite]', '[auth.email.template.magic_link]\nsubject = "Your Acme code for {{ .Email }}"\ncontent_path = "./supabase/templates/magic.html"\n# [auth.email.template.invite]')
      .replace('# [auth.sms.test_otp]\n# 4152127777 = "123456"', '[auth.sms.test_otp]\n4152127777 = "123456"')
      .replace(/\[auth\.sms\.twilio\]\nenabled = false\naccount_sid = ""\nmessage_service_sid = ""/, '[auth.sms.twilio]\nenabled = true\naccount_sid = "AC-test"\nmessage_service_sid = "MG-test"')
      // In the file rather than the environment, so the dispose's `stop` reads the config too.
      .replace('auth_token = "env(SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN)"', 'auth_token = "test-token"');
    writeFileSync(config, toml);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    stack = { apiUrl: status.API_URL!, anonKey: status.ANON_KEY!, serviceRoleKey: status.SERVICE_ROLE_KEY!, inbucketUrl: status.INBUCKET_URL! };
    assert.ok(stack.inbucketUrl, 'status names the mail catcher');
  });
  after(() => project?.dispose());

  it('mails the signup confirmation; its link confirms, redirects with the session in the fragment, and a spent link redirects with the error', async () => {
    const { data, error } = await client(stack).auth.signUp({ email: 'grace@example.com', password: 'hopper-1906' });
    assert.equal(error, null);
    assert.equal(data.session, null);
    const mail = await nextMail(stack, 'grace', 0);
    assert.equal(mail.subject, 'Confirm Your Email');
    assert.match(mail.from, /admin@email\.com/);
    const link = linkOf(mail);
    assert.match(link, new RegExp(`^${stack.apiUrl}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=http://127\\.0\\.0\\.1:3000$`));
    const answer = await fetch(link, { redirect: 'manual' });
    assert.equal(answer.status, 303);
    const location = new URL(answer.headers.get('location')!);
    assert.equal(`${location.origin}${location.pathname}`, 'http://127.0.0.1:3000/');
    const fragment = new URLSearchParams(location.hash.slice(1));
    assert.equal(fragment.get('type'), 'signup');
    assert.equal(fragment.get('token_type'), 'bearer');
    const { data: user } = await client(stack).auth.getUser(fragment.get('access_token')!);
    assert.equal(user.user?.email, 'grace@example.com');
    assert.ok(user.user?.email_confirmed_at);
    const again = await fetch(link, { redirect: 'manual' });
    assert.equal(again.status, 303);
    assert.equal(again.headers.get('location'), 'http://127.0.0.1:3000#error=unauthorized_client&error_code=401&error_description=Email+link+is+invalid+or+has+expired');
  });

  it('sends a magic link with the project template and subject; its code signs in through verifyOtp', async () => {
    const seen = await mailCount(stack, 'grace');
    const sent = await client(stack).auth.signInWithOtp({ email: 'grace@example.com', options: { emailRedirectTo: 'https://app.example.org/deep/path?x=1' } });
    assert.equal(sent.error, null);
    const mail = await nextMail(stack, 'grace', seen);
    assert.equal(mail.subject, 'Your Acme code for grace@example.com');
    assert.match(mail.html, /^<p>Hello grace@example\.com, your code is \d{6}\.<\/p>/);
    assert.match(mail.html, />Sign in to http:\/\/127\.0\.0\.1:3000</);
    // Allowed by the https://*.example.org/** glob; it holds `=`, so GoTrue query-escapes it.
    assert.match(linkOf(mail), /&type=magiclink&redirect_to=https%3A%2F%2Fapp\.example\.org%2Fdeep%2Fpath%3Fx%3D1$/);
    const { data, error } = await client(stack).auth.verifyOtp({ email: 'grace@example.com', token: codeOf(mail), type: 'email' });
    assert.equal(error, null);
    assert.equal(data.user?.email, 'grace@example.com');
    assert.ok(data.session?.access_token);
    const stranger = await client(stack).auth.signInWithOtp({ email: 'ghost@example.com', options: { shouldCreateUser: false } });
    assert.equal(stranger.error?.message, 'Signups not allowed for otp');
    const reused = await client(stack).auth.verifyOtp({ email: 'grace@example.com', token: codeOf(mail), type: 'email' });
    assert.equal(reused.error?.message, 'Token has expired or is invalid');
    assert.equal(reused.error?.status, 401);
  });

  it('redirects only where site_url and additional_redirect_urls allow', async () => {
    await sleep(1100);
    const seen = await mailCount(stack, 'grace');
    assert.equal((await client(stack).auth.signInWithOtp({ email: 'grace@example.com', options: { emailRedirectTo: 'https://evil.test/steal' } })).error, null);
    assert.match(linkOf(await nextMail(stack, 'grace', seen)), /&redirect_to=http:\/\/127\.0\.0\.1:3000$/);
    await sleep(1100);
    assert.equal((await client(stack).auth.signInWithOtp({ email: 'grace@example.com', options: { emailRedirectTo: 'myapp://host/callback' } })).error, null);
    assert.match(linkOf(await nextMail(stack, 'grace', seen + 1)), /&redirect_to=myapp:\/\/host\/callback$/);
  });

  it('resends a signup confirmation, refused within the mail max frequency', async () => {
    const auth = client(stack).auth;
    assert.equal((await auth.signUp({ email: 'linus@example.com', password: 'pauling-1901' })).error, null);
    await nextMail(stack, 'linus', 0);
    const tooSoon = await auth.resend({ type: 'signup', email: 'linus@example.com' });
    assert.equal(tooSoon.error?.status, 429);
    assert.match(tooSoon.error?.message ?? '', /^For security purposes, you can only request this once every \d seconds\.$/);
    await sleep(1100);
    assert.equal((await auth.resend({ type: 'signup', email: 'linus@example.com' })).error, null);
    const mail = await nextMail(stack, 'linus', 1);
    assert.equal(mail.subject, 'Confirm Your Email');
    const { data, error } = await auth.verifyOtp({ email: 'linus@example.com', token: codeOf(mail), type: 'signup' });
    assert.equal(error, null);
    assert.ok(data.session);
  });

  it('recovers a password: the recovery code signs in and updateUser sets the new password', async () => {
    const auth = client(stack).auth;
    await sleep(1100);
    const seen = await mailCount(stack, 'grace');
    assert.equal((await auth.resetPasswordForEmail('grace@example.com')).error, null);
    const mail = await nextMail(stack, 'grace', seen);
    assert.equal(mail.subject, 'Reset Your Password');
    const verified = await auth.verifyOtp({ email: 'grace@example.com', token: codeOf(mail), type: 'recovery' });
    assert.equal(verified.error, null);
    const signedIn = client(stack);
    await signedIn.auth.setSession({ access_token: verified.data.session!.access_token, refresh_token: verified.data.session!.refresh_token });
    assert.equal((await signedIn.auth.updateUser({ password: 'new-cobol-1959' })).error, null);
    const login = await client(stack).auth.signInWithPassword({ email: 'grace@example.com', password: 'new-cobol-1959' });
    assert.equal(login.error, null);
    assert.equal((await auth.resetPasswordForEmail('nobody@example.com')).error, null, 'an unknown address is answered alike');
  });

  it('invites a user by mail and the invite code confirms them', async () => {
    const admin = client(stack, { key: stack.serviceRoleKey }).auth.admin;
    const invited = await admin.inviteUserByEmail('ada@example.com', { data: { team: 'engines' } });
    assert.equal(invited.error, null);
    assert.ok(invited.data.user?.invited_at);
    const mail = await nextMail(stack, 'ada', 0);
    assert.equal(mail.subject, 'You have been invited');
    assert.match(linkOf(mail), /&type=invite&/);
    const { data, error } = await client(stack).auth.verifyOtp({ email: 'ada@example.com', token: codeOf(mail), type: 'invite' });
    assert.equal(error, null);
    assert.equal(data.user?.user_metadata.team, 'engines');
    assert.ok(data.user?.email_confirmed_at);
    const twice = await admin.inviteUserByEmail('ada@example.com');
    assert.equal(twice.error?.message, 'A user with this email address has already been registered');
  });

  it('generates links for the admin: a magic link for a new address is a signup link whose hash verifies', async () => {
    const admin = client(stack, { key: stack.serviceRoleKey }).auth.admin;
    const { data, error } = await admin.generateLink({ type: 'magiclink', email: 'barbara@example.com' });
    assert.equal(error, null);
    assert.equal(data.properties?.verification_type, 'signup');
    assert.match(data.properties?.email_otp ?? '', /^\d{6}$/);
    assert.match(data.properties?.action_link ?? '', new RegExp(`^${stack.apiUrl}/auth/v1/verify\\?token=${data.properties?.hashed_token}&type=signup&redirect_to=`));
    const verified = await client(stack).auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' });
    assert.equal(verified.error, null);
    assert.equal(verified.data.user?.email, 'barbara@example.com');
    const recovery = await admin.generateLink({ type: 'recovery', email: 'nobody@example.com' });
    assert.equal(recovery.error?.status, 404);
    const passwordless = await admin.generateLink({ type: 'signup', email: 'nopass@example.com', password: '' });
    assert.equal(passwordless.error?.message, 'Signup requires a valid password');
    assert.equal(passwordless.error?.status, 422);
  });

  it('changes an email with double confirmation: one link from each address', async () => {
    const signedIn = client(stack);
    assert.equal((await signedIn.auth.signInWithPassword({ email: 'linus@example.com', password: 'pauling-1901' })).error, null);
    const oldSeen = await mailCount(stack, 'linus');
    const changed = await signedIn.auth.updateUser({ email: 'linus.new@example.com' });
    assert.equal(changed.error, null);
    assert.equal(changed.data.user?.new_email, 'linus.new@example.com');
    const toNew = await nextMail(stack, 'linus.new', 0);
    const toOld = await nextMail(stack, 'linus', oldSeen);
    assert.equal(toNew.subject, 'Confirm Email Change');
    assert.match(toOld.html, /from linus@example\.com to linus\.new@example\.com/);
    const first = await fetch(linkOf(toOld), { redirect: 'manual' });
    assert.equal(first.status, 303);
    assert.equal(first.headers.get('location'), 'http://127.0.0.1:3000#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email');
    const second = await client(stack).auth.verifyOtp({ email: 'linus.new@example.com', token: codeOf(toNew), type: 'email_change' });
    assert.equal(second.error, null);
    assert.equal(second.data.user?.email, 'linus.new@example.com');
  });

  it('signs in by phone with the test OTP, and says how to get one for another number', async () => {
    const auth = client(stack).auth;
    assert.equal((await auth.signInWithOtp({ phone: '+415 212 7777' })).error, null);
    const { data, error } = await auth.verifyOtp({ phone: '4152127777', token: '123456', type: 'sms' });
    assert.equal(error, null);
    assert.equal(data.user?.phone, '4152127777');
    const wrong = await auth.verifyOtp({ phone: '4152127777', token: '000000', type: 'sms' });
    assert.equal(wrong.error?.message, 'Token has expired or is invalid');
    const other = await auth.signInWithOtp({ phone: '4155550100' });
    assert.match(other.error?.message ?? '', /\[auth\.sms\.test_otp\]/);
  });

  it('mails a reauthentication code to a signed-in user', async () => {
    const signedIn = client(stack);
    assert.equal((await signedIn.auth.signInWithPassword({ email: 'grace@example.com', password: 'new-cobol-1959' })).error, null);
    await sleep(1100);
    const seen = await mailCount(stack, 'grace');
    assert.equal((await signedIn.auth.reauthenticate()).error, null);
    const mail = await nextMail(stack, 'grace', seen);
    assert.equal(mail.subject, 'Confirm reauthentication');
    assert.match(codeOf(mail), /^\d{6}$/);
  });

  it('runs the PKCE flow: a magic link and a signup confirmation redirect with ?code= and exchangeCodeForSession signs in', async () => {
    await sleep(1100);
    const pkce = client(stack, { flowType: 'pkce' });
    const seen = await mailCount(stack, 'grace');
    assert.equal((await pkce.auth.signInWithOtp({ email: 'grace@example.com' })).error, null);
    const link = linkOf(await nextMail(stack, 'grace', seen));
    assert.match(link, /\?token=pkce_[0-9a-f]{56}&type=magiclink/);
    const answer = await fetch(link, { redirect: 'manual' });
    assert.equal(answer.status, 303);
    const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
    assert.match(code, /^[0-9a-f-]{36}$/);
    const { data, error } = await pkce.auth.exchangeCodeForSession(code);
    assert.equal(error, null);
    assert.equal(data.user?.email, 'grace@example.com');
    const signup = client(stack, { flowType: 'pkce' });
    assert.equal((await signup.auth.signUp({ email: 'katherine@example.com', password: 'johnson-1918' })).error, null);
    const confirmation = linkOf(await nextMail(stack, 'katherine', 0));
    assert.match(confirmation, /\?token=pkce_[0-9a-f]{56}&type=signup/);
    const confirmed = await fetch(confirmation, { redirect: 'manual' });
    const signupCode = new URL(confirmed.headers.get('location')!).searchParams.get('code')!;
    const exchanged = await signup.auth.exchangeCodeForSession(signupCode);
    assert.equal(exchanged.error, null);
    assert.ok(exchanged.data.user?.email_confirmed_at);
    // The flow state is spent: the same code again finds none.
    const replay = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { apikey: stack.anonKey }, body: JSON.stringify({ auth_code: code, code_verifier: 'v'.repeat(43) }) });
    assert.equal(replay.status, 403);
    assert.deepEqual(await replay.json(), { code: 403, msg: 'invalid flow state, no valid flow state found' });
  });
});
