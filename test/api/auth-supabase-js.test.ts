/**
 * The judge of the native Auth API: the real `@supabase/supabase-js` 2.39.8 (gotrue-js 2.62)
 * against a native stack the built CLI starts, through the gateway's `/auth/v1`, on GoTrue
 * v2.132.3's contract: sign up (autoconfirmed, the local default) with a trigger on auth.users
 * firing, password sign-in whose access token verifies against the project's secret with GoTrue's
 * claims, GoTrue's refusals (wrong password, bad email, weak password, bad JSON), getUser and
 * updateUser, refresh with rotation and the family revoked on reuse, sign-out scopes, the admin
 * API (create, list with its headers, get, update with a ban, delete) refused to the anon key, and
 * a user seeded with pgcrypto's crypt() signing in. The rows it leaves are checked as GoTrue
 * writes them (identities, sessions, refresh tokens, audit entries).
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

interface Stack {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
}

/** A user seeded the way projects seed them in seed.sql, with pgcrypto's bcrypt. */
const SEEDED_ID = '11111111-1111-1111-1111-111111111111';

const SEED = `
create table public.profiles (id uuid primary key references auth.users on delete cascade, email text, role_at_insert text, full_name text);
create function public.handle_new_user() returns trigger language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, email, role_at_insert, full_name) values (new.id, new.email, new.role, new.raw_user_meta_data->>'full_name');
  return new;
end $$;
create trigger on_auth_user_created after insert on auth.users for each row execute function public.handle_new_user();
create function public.refuse_blocked() returns trigger language plpgsql as $$
begin
  if new.email like '%@blocked.test' then raise exception 'addresses of blocked.test may not sign up'; end if;
  return new;
end $$;
create trigger refuse_blocked before insert on auth.users for each row execute function public.refuse_blocked();
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', '${SEEDED_ID}', 'authenticated', 'authenticated', 'seeded@example.com',
        crypt('seeded-password', gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now());
`;

async function pgQuery<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    return (await connection.query<Row>(text, values)).rows;
  } finally {
    await connection.end();
  }
}

/** A client as an application makes one, keeping nothing between tests. */
function client(stack: Stack, key = stack.anonKey): SupabaseClient {
  return createClient(stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

describe('the native Auth API as @supabase/supabase-js uses it', function () {
  this.timeout(180_000);
  let project: CliProject;
  let stack: Stack;

  before(async () => {
    project = await cliProject('auth-supabase-js');
    writeFileSync(path.join(project.root, 'supabase', 'seed.sql'), SEED);
    const started = project.run(['start']);
    assert.equal(started.code, 0, started.stderr);
    const status = JSON.parse(project.run(['status', '-o', 'json']).stdout) as Record<string, string>;
    stack = { apiUrl: status.API_URL!, anonKey: status.ANON_KEY!, serviceRoleKey: status.SERVICE_ROLE_KEY!, jwtSecret: status.JWT_SECRET!, dbUrl: status.DB_URL! };
    assert.ok(stack.anonKey, 'status names the anon key once auth runs');
  });
  after(() => project?.dispose());

  it('answers health and settings as GoTrue does', async () => {
    const headers = { apikey: stack.anonKey };
    const health = (await (await fetch(`${stack.apiUrl}/auth/v1/health`, { headers })).json()) as Record<string, unknown>;
    assert.deepEqual(health, { version: 'v2.132.3', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    const settings = (await (await fetch(`${stack.apiUrl}/auth/v1/settings`, { headers })).json()) as { external: Record<string, boolean> } & Record<string, unknown>;
    assert.equal(settings.external.email, true);
    assert.equal(settings.external.github, false);
    assert.equal(settings.mailer_autoconfirm, true);
    assert.equal(settings.disable_signup, false);
  });

  it('signs up with autoconfirm: a session at once, the identity, and a trigger on auth.users seeing the row', async () => {
    const { data, error } = await client(stack).auth.signUp({ email: 'Ada@Example.com', password: 'lovelace-1815', options: { data: { full_name: 'Ada Lovelace' } } });
    assert.equal(error, null);
    assert.ok(data.session, 'a session');
    assert.equal(data.user?.email, 'ada@example.com');
    assert.equal(data.user?.role, 'authenticated');
    assert.deepEqual(data.user?.app_metadata, { provider: 'email', providers: ['email'] });
    assert.equal(data.user?.user_metadata.full_name, 'Ada Lovelace');
    assert.ok(data.user?.email_confirmed_at);
    assert.equal(data.user?.identities?.length, 1);
    assert.equal(data.user?.identities?.[0].provider, 'email');
    assert.equal(data.user?.identities?.[0].id, data.user?.id);
    const [profile] = await pgQuery<{ email: string; role_at_insert: string; full_name: string }>(stack.dbUrl, 'select email, role_at_insert, full_name from public.profiles where id = $1', [data.user!.id]);
    // GoTrue inserts the row with an empty role and sets it in a second statement.
    assert.deepEqual(profile, { email: 'ada@example.com', role_at_insert: '', full_name: 'Ada Lovelace' });
    const [row] = await pgQuery<Record<string, unknown>>(stack.dbUrl, "select instance_id::text, aud, confirmation_token, recovery_token, email_change, phone, is_sso_user, last_sign_in_at is not null as signed_in, encrypted_password like '$2a$10$%' as bcrypt from auth.users where id = $1", [data.user!.id]);
    assert.deepEqual(row, { instance_id: '00000000-0000-0000-0000-000000000000', aud: 'authenticated', confirmation_token: '', recovery_token: '', email_change: '', phone: null, is_sso_user: false, signed_in: true, bcrypt: true });
    const [identity] = await pgQuery<{ provider_id: string; identity_data: Record<string, unknown>; email: string }>(stack.dbUrl, 'select provider_id, identity_data, email from auth.identities where user_id = $1', [data.user!.id]);
    assert.deepEqual(identity, { provider_id: data.user!.id, identity_data: { sub: data.user!.id, email: 'ada@example.com', email_verified: false, phone_verified: false }, email: 'ada@example.com' });
    const actions = await pgQuery<{ action: string }>(stack.dbUrl, "select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at", [data.user!.id]);
    assert.deepEqual(actions.map((entry) => entry.action), ['user_signedup', 'login']);
  });

  it('refuses a second signup of a confirmed address, and bad input with GoTrue 4xx', async () => {
    const auth = client(stack).auth;
    const again = await auth.signUp({ email: 'ada@example.com', password: 'lovelace-1815' });
    assert.equal(again.error?.message, 'User already registered');
    assert.equal(again.error?.status, 400);
    const badEmail = await auth.signUp({ email: 'not-an-email', password: 'lovelace-1815' });
    assert.equal(badEmail.error?.message, 'Unable to validate email address: invalid format');
    assert.equal(badEmail.error?.status, 422);
    const weak = await auth.signUp({ email: 'weak@example.com', password: '123' });
    assert.equal(weak.error?.message, 'Password should be at least 6 characters.');
    assert.equal(weak.error?.status, 422);
    const broken = await fetch(`${stack.apiUrl}/auth/v1/signup`, { method: 'POST', headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' }, body: '{"email": ' });
    assert.equal(broken.status, 400);
    assert.deepEqual(await broken.json(), { code: 400, msg: 'Could not read Signup params: unexpected end of JSON input' });
    const wrongType = await fetch(`${stack.apiUrl}/auth/v1/signup`, { method: 'POST', headers: { apikey: stack.anonKey }, body: '{"email": 1}' });
    assert.deepEqual(await wrongType.json(), { code: 400, msg: 'Could not read Signup params: json: cannot unmarshal number into Go struct field SignupParams.email of type string' });
    const grant = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=magic`, { method: 'POST', headers: { apikey: stack.anonKey }, body: '{}' });
    assert.equal(grant.status, 400);
    assert.deepEqual(await grant.json(), { error: 'unsupported_grant_type' });
  });

  it('answers a trigger that raises with its message, and leaves nothing of the signup behind', async () => {
    const { error } = await client(stack).auth.signUp({ email: 'someone@blocked.test', password: 'lovelace-1815' });
    assert.equal(error?.status, 500);
    assert.match(error?.message ?? '', /addresses of blocked\.test may not sign up/);
    const rows = await pgQuery(stack.dbUrl, "select 1 from auth.users where email = 'someone@blocked.test' union all select 1 from auth.identities where email = 'someone@blocked.test'");
    assert.equal(rows.length, 0);
  });

  it('signs in with a password; the access token carries GoTrue claims signed with the project secret', async () => {
    const { data, error } = await client(stack).auth.signInWithPassword({ email: 'ada@example.com', password: 'lovelace-1815' });
    assert.equal(error, null);
    const { payload, protectedHeader } = await jwtVerify(data.session!.access_token, new TextEncoder().encode(stack.jwtSecret));
    assert.deepEqual(protectedHeader, { alg: 'HS256', typ: 'JWT' });
    assert.deepEqual(Object.keys(payload), ['aud', 'exp', 'iat', 'iss', 'sub', 'email', 'phone', 'app_metadata', 'user_metadata', 'role', 'aal', 'amr', 'session_id']);
    assert.equal(payload.aud, 'authenticated');
    assert.equal(payload.iss, `${stack.apiUrl}/auth/v1`);
    assert.equal(payload.sub, data.user!.id);
    assert.equal(payload.role, 'authenticated');
    assert.equal(payload.aal, 'aal1');
    assert.equal(payload.exp! - payload.iat!, 3600);
    assert.equal((payload.amr as Array<{ method: string }>)[0].method, 'password');
    const [session] = await pgQuery<{ user_id: string; aal: string }>(stack.dbUrl, 'select user_id::text, aal::text from auth.sessions where id = $1', [payload.session_id]);
    assert.deepEqual(session, { user_id: data.user!.id, aal: 'aal1' });
    assert.equal(data.session!.token_type, 'bearer');
    assert.equal(data.session!.expires_in, 3600);
    assert.match(data.session!.refresh_token, /^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses a wrong password and an unknown address alike', async () => {
    const auth = client(stack).auth;
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      const { data, error } = await auth.signInWithPassword({ email, password: 'not-the-password' });
      assert.equal(data.session, null);
      assert.equal(error?.message, 'Invalid login credentials');
      assert.equal(error?.status, 400);
    }
  });

  it('signs up and in by phone, autoconfirmed as [auth.sms] enable_confirmations = false makes it', async () => {
    const auth = client(stack).auth;
    const signedUp = await auth.signUp({ phone: '+1 555 0100', password: 'telephone-1876' });
    assert.equal(signedUp.error, null);
    assert.equal(signedUp.data.user?.phone, '15550100');
    assert.ok(signedUp.data.user?.phone_confirmed_at);
    assert.deepEqual(signedUp.data.user?.app_metadata, { provider: 'phone', providers: ['phone'] });
    const signedIn = await auth.signInWithPassword({ phone: '+15550100', password: 'telephone-1876' });
    assert.equal(signedIn.error, null);
    assert.equal(signedIn.data.user?.id, signedUp.data.user?.id);
    const badPhone = await auth.signUp({ phone: '+0123', password: 'telephone-1876' });
    assert.equal(badPhone.error?.message, 'Invalid phone number format (E.164 required)');
  });

  it('refuses a token that is not one of the project with GoTrue 401', async () => {
    const { error } = await client(stack).auth.getUser('not-a-jwt');
    assert.equal(error?.status, 401);
    assert.equal(error?.message, 'invalid JWT: unable to parse or verify signature, token contains an invalid number of segments');
  });

  it('signs in the user seeded with crypt() and gen_salt(bf)', async () => {
    const { data, error } = await client(stack).auth.signInWithPassword({ email: 'seeded@example.com', password: 'seeded-password' });
    assert.equal(error, null);
    assert.equal(data.user?.id, SEEDED_ID);
  });

  it('gets and updates the user: metadata merged, a new password ending the other sessions', async () => {
    const first = client(stack);
    const signedIn = await first.auth.signInWithPassword({ email: 'ada@example.com', password: 'lovelace-1815' });
    const other = await client(stack).auth.signInWithPassword({ email: 'ada@example.com', password: 'lovelace-1815' });
    const got = await first.auth.getUser();
    assert.equal(got.error, null);
    assert.equal(got.data.user?.id, signedIn.data.user!.id);
    const updated = await first.auth.updateUser({ data: { full_name: null, city: 'London' } });
    assert.equal(updated.error, null);
    assert.deepEqual(updated.data.user?.user_metadata, { city: 'London' });
    const same = await first.auth.updateUser({ password: 'lovelace-1815' });
    assert.equal(same.error?.message, 'New password should be different from the old password.');
    const changed = await first.auth.updateUser({ password: 'analytical-engine' });
    assert.equal(changed.error, null);
    const refreshedOther = await client(stack).auth.refreshSession({ refresh_token: other.data.session!.refresh_token });
    assert.equal(refreshedOther.error?.message, 'Invalid Refresh Token: Refresh Token Not Found');
    const keeps = await client(stack).auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
    assert.equal(keeps.error, null);
    const withNew = await client(stack).auth.signInWithPassword({ email: 'ada@example.com', password: 'analytical-engine' });
    assert.equal(withNew.error, null);
  });

  it('refreshes with rotation; a spent token past the reuse interval revokes its family', async () => {
    const { data } = await client(stack).auth.signInWithPassword({ email: 'seeded@example.com', password: 'seeded-password' });
    const first = data.session!.refresh_token;
    const refreshed = await client(stack).auth.refreshSession({ refresh_token: first });
    assert.equal(refreshed.error, null);
    const second = refreshed.data.session!.refresh_token;
    assert.notEqual(second, first);
    const [child] = await pgQuery<{ parent: string; revoked: boolean }>(stack.dbUrl, 'select parent, revoked from auth.refresh_tokens where token = $1', [second]);
    assert.deepEqual(child, { parent: first, revoked: false });
    // A spent token whose child is the session's live token answers that child again (two tabs refreshing at once).
    const retried = await client(stack).auth.refreshSession({ refresh_token: first });
    assert.equal(retried.error, null);
    assert.equal(retried.data.session!.refresh_token, second);
    const third = (await client(stack).auth.refreshSession({ refresh_token: second })).data.session!.refresh_token;
    // Past the reuse interval (10 s locally) a spent token that is not the live one's parent is refused, and its family revoked.
    await pgQuery(stack.dbUrl, "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [first]);
    const reused = await client(stack).auth.refreshSession({ refresh_token: first });
    assert.equal(reused.error?.message, 'Invalid Refresh Token: Already Used');
    const [live] = await pgQuery<{ revoked: boolean }>(stack.dbUrl, 'select revoked from auth.refresh_tokens where token = $1', [third]);
    assert.equal(live.revoked, true, 'the whole family is revoked');
    await pgQuery(stack.dbUrl, "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [third]);
    const afterReuse = await client(stack).auth.refreshSession({ refresh_token: third });
    assert.equal(afterReuse.error?.message, 'Invalid Refresh Token: Already Used', 'the live token went with its family');
  });

  it('signs out: local ends this session only, global every session, and their refresh tokens with them', async () => {
    const signIn = () => client(stack).auth.signInWithPassword({ email: 'seeded@example.com', password: 'seeded-password' });
    const [a, b] = [(await signIn()).data.session!, (await signIn()).data.session!];
    const local = client(stack);
    await local.auth.setSession({ access_token: a.access_token, refresh_token: a.refresh_token });
    assert.equal((await local.auth.signOut({ scope: 'local' })).error, null);
    assert.ok((await client(stack).auth.refreshSession({ refresh_token: a.refresh_token })).error);
    const c = (await signIn()).data.session!;
    const global = client(stack);
    await global.auth.setSession({ access_token: c.access_token, refresh_token: c.refresh_token });
    assert.equal((await global.auth.signOut()).error, null);
    const refused = await client(stack).auth.refreshSession({ refresh_token: b.refresh_token });
    assert.equal(refused.error?.message, 'Invalid Refresh Token: Refresh Token Not Found');
    const sessions = await pgQuery(stack.dbUrl, 'select 1 from auth.sessions where user_id = $1', [SEEDED_ID]);
    assert.equal(sessions.length, 0);
  });

  it('gives the admin API to the service_role key only', async () => {
    const anon = await client(stack).auth.admin.listUsers();
    assert.equal(anon.error?.message, 'User not allowed');
    assert.equal(anon.error?.status, 401);
  });

  it('creates, lists, gets, updates (a ban) and deletes users through the admin API', async () => {
    const admin = client(stack, stack.serviceRoleKey).auth.admin;
    const created = await admin.createUser({ email: 'grace@example.com', password: 'cobol-1959', email_confirm: true, user_metadata: { full_name: 'Grace Hopper' }, app_metadata: { plan: 'pro' } });
    assert.equal(created.error, null);
    const grace = created.data.user!;
    assert.ok(grace.email_confirmed_at);
    assert.deepEqual(grace.app_metadata, { provider: 'email', providers: ['email'], plan: 'pro' });
    const signsIn = await client(stack).auth.signInWithPassword({ email: 'grace@example.com', password: 'cobol-1959' });
    assert.equal(signsIn.error, null);
    const duplicate = await admin.createUser({ email: 'grace@example.com', password: 'cobol-1959' });
    assert.equal(duplicate.error?.message, 'A user with this email address has already been registered');

    const page = await fetch(`${stack.apiUrl}/auth/v1/admin/users?page=1&per_page=1`, { headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` } });
    const total = Number(page.headers.get('x-total-count'));
    assert.ok(total >= 3, String(total));
    assert.equal(page.headers.get('link'), `</admin/users?page=2&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`);
    const listed = await admin.listUsers({ page: 1, perPage: 50 });
    assert.equal(listed.error, null);
    assert.equal(listed.data.users[0].email, 'grace@example.com', 'newest first');

    const got = await admin.getUserById(grace.id);
    assert.equal(got.data.user?.user_metadata.full_name, 'Grace Hopper');
    const missing = await admin.getUserById('00000000-0000-0000-0000-0000000000ff');
    assert.equal(missing.error?.message, 'User not found');

    const banned = await admin.updateUserById(grace.id, { ban_duration: '24h' });
    assert.equal(banned.error, null);
    assert.ok(banned.data.user && 'banned_until' in banned.data.user);
    const refused = await client(stack).auth.signInWithPassword({ email: 'grace@example.com', password: 'cobol-1959' });
    assert.equal(refused.error?.message, 'Invalid login credentials');
    const badBan = await admin.updateUserById(grace.id, { ban_duration: 'forever' });
    assert.equal(badBan.error?.message, 'invalid format for ban duration: time: invalid duration "forever"');

    const [entry] = await pgQuery<{ payload: string }>(stack.dbUrl, "select payload::text from auth.audit_log_entries where payload->>'action' = 'user_modified' and payload->'traits'->>'user_id' = $1", [grace.id]);
    assert.equal(entry.payload, JSON.stringify({ action: 'user_modified', actor_id: '00000000-0000-0000-0000-000000000000', actor_username: 'service_role', actor_via_sso: false, log_type: 'user', traits: { user_email: 'grace@example.com', user_id: grace.id, user_phone: '' } }));

    const deleted = await admin.deleteUser(grace.id);
    assert.equal(deleted.error, null);
    assert.equal((await pgQuery(stack.dbUrl, 'select 1 from auth.users where id = $1', [grace.id])).length, 0);
    assert.equal((await pgQuery(stack.dbUrl, 'select 1 from public.profiles where id = $1', [grace.id])).length, 0, 'cascades as in the project');
  });

  it('soft-deletes a user: the row kept, its address freed and its sessions gone', async () => {
    const admin = client(stack, stack.serviceRoleKey).auth.admin;
    const { data } = await admin.createUser({ email: 'soft@example.com', password: 'soft-delete-me', email_confirm: true });
    await client(stack).auth.signInWithPassword({ email: 'soft@example.com', password: 'soft-delete-me' });
    const deleted = await admin.deleteUser(data.user!.id, true);
    assert.equal(deleted.error, null);
    const [row] = await pgQuery<{ email: string; deleted: boolean; sessions: number }>(stack.dbUrl, 'select email, deleted_at is not null as deleted, (select count(*)::int from auth.sessions where user_id = u.id) as sessions from auth.users u where id = $1', [data.user!.id]);
    assert.equal(row.deleted, true);
    assert.notEqual(row.email, 'soft@example.com');
    assert.equal(row.sessions, 0);
    const again = await admin.createUser({ email: 'soft@example.com', password: 'soft-delete-me' });
    assert.equal(again.error, null, 'the address is free again');
  });
});
