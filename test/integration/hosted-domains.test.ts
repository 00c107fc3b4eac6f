import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMain } from '../helpers/run-cli.js';
import { DohServer } from '../helpers/doh-server.js';
import { HostedPlatform } from '../helpers/hosted-platform.js';

const REF = 'abcdefghijklmnopqrst';
const TOKEN = `sbp_${'c3'.repeat(20)}`;

describe('domains and vanity-subdomains: the machines decide, the journal remembers', () => {
  const doh = new DohServer();
  let platform: HostedPlatform;
  let project: string;
  let env: NodeJS.ProcessEnv;
  let host = '';

  before(async () => {
    await doh.start();
    doh.records.set('api.example.com CNAME', [`${REF}.supabase.red.`]);
    doh.records.set('wrong.example.com CNAME', ['elsewhere.example.net.']);
  });
  after(() => doh.stop());

  beforeEach(async () => {
    platform = new HostedPlatform(REF);
    host = await platform.api.start();
    project = mkdtempSync(path.join(tmpdir(), 'hosted-domains-'));
    mkdirSync(path.join(project, 'supabase'));
    writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "hosted"\n');
    env = { HOME: project, SUPABASE_ACCESS_TOKEN: TOKEN, SUPABASE_INTERNAL_API_HOST: host, SUPABASE_INTERNAL_DOH_URL: doh.url, SUPABASE_PROJECT_ID: REF };
  });
  afterEach(async () => {
    assert.deepEqual(platform.api.violations, []);
    await platform.api.stop();
    rmSync(project, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runMain(args, { cwd: project, env });
  const events = async () => JSON.parse((await cli('events', '-o', 'json')).stdout) as Array<{ stream: string; type: string; data: Record<string, unknown> }>;

  it('create -> reverify -> activate, printing the next step each time, with every transition in the journal', async () => {
    const created = await cli('domains', 'create', '--custom-hostname', ' api.example.com ');
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^Custom hostname verification in-progress; please configure the appropriate DNS entries and request re-verification\.\nRequired outstanding validation records: \n\t_cf-custom-hostname\.api\.example\.com TXT -> ownership-token\n\t_acme-challenge\.api\.example\.com TXT -> acme-token \(replace any existing CNAME records\)\n\n$/);
    assert.deepEqual(platform.api.calls('createCustomHostnameConfig')[0].body, { custom_hostname: 'api.example.com' });
    assert.ok(doh.questions.includes('api.example.com CNAME'));

    platform.next.set('reverify', { status: '4_origin_setup_completed' });
    const reverified = await cli('domains', 'reverify');
    assert.equal(reverified.stdout, [
      'Custom hostname configuration complete, and ready for activation.',
      '',
      'Please ensure that your custom domain is set up as a CNAME record to your Supabase subdomain:',
      `\tapi.example.com CNAME -> ${REF}.supabase.co`,
      '',
    ].join('\n'));

    const activated = await cli('domains', 'activate', '--include-raw-output');
    assert.equal(activated.code, 0, activated.stderr);
    assert.match(activated.stdout, /^Custom hostname setup completed\. Project is now accessible at api\.example\.com\.\nRaw output follows:\n\{\n {4}"custom_hostname": "api\.example\.com",/);
    assert.match(activated.stderr, /Warning: Activating the custom hostname moves auth to it/);

    const stream = `custom-hostname:${REF}`;
    assert.deepEqual((await events()).filter((event) => event.stream === stream).map((event) => event.type), ['CREATE', 'CREATED', 'REVERIFY', 'REVERIFIED', 'ACTIVATE', 'ACTIVATED']);
  });

  it('refuses to activate a hostname that the platform confirms is not verified, without asking for any change', async () => {
    await cli('domains', 'create', '--custom-hostname', 'api.example.com');
    const before = platform.api.requests.length;
    const refused = await cli('domains', 'activate');
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr.split('\n')[0], 'The custom hostname is not verified yet: add the DNS records, then run supabase domains reverify.');
    // The journal alone would refuse, so the hostname was read once first; nothing was asked to change.
    assert.deepEqual(platform.api.requests.slice(before).map((request) => request.operationId), ['getCustomHostnameConfig']);
  });

  it('a CNAME that points elsewhere fails in the original\'s words and leaves the hostname absent', async () => {
    const failed = await cli('domains', 'create', '--custom-hostname', 'wrong.example.com');
    assert.equal(failed.code, 1);
    assert.equal(failed.stderr.split('\n')[0], `expected custom hostname 'wrong.example.com' to have a CNAME record pointing to your project at '${REF}.supabase.red.', but it is currently set to 'elsewhere.example.net.'`);
    assert.equal(platform.api.calls('createCustomHostnameConfig').length, 0);
    const recorded = (await events()).filter((event) => event.stream === `custom-hostname:${REF}`).map((event) => event.type);
    assert.deepEqual(recorded.slice(-2), ['CREATE', 'FAILED']);
    assert.equal((await cli('domains', 'create', '--custom-hostname', '   ')).stderr.split('\n')[0], 'non-empty custom hostname expected');
  });

  it('platform failures give the original\'s messages and return the hostname to where it was', async () => {
    await cli('domains', 'create', '--custom-hostname', 'api.example.com');
    platform.next.set('reverify', { fail: 500 });
    const reverify = await cli('domains', 'reverify');
    assert.equal(reverify.code, 1);
    assert.equal(reverify.stderr.split('\n')[0], 'failed to re-verify custom hostname config: {"message":"the platform failed (500)"}');
    platform.next.set('removeCustomHostnameConfig', { fail: 500 });
    const deleted = await cli('domains', 'delete');
    assert.equal(deleted.stderr.split('\n')[0], 'failed to delete custom hostname config; received: 500 Internal Server Error');
    const last = (await events()).filter((event) => event.stream === `custom-hostname:${REF}`).at(-1);
    assert.equal(last?.type, 'FAILED');
    assert.equal((await cli('domains', 'delete')).stdout, 'Deleted custom hostname config successfully.\n');
  });

  it('a change made in the dashboard is recorded as observed, never silently overwritten', async () => {
    await cli('domains', 'create', '--custom-hostname', 'api.example.com');
    platform.hostname.status = '4_origin_setup_completed';
    const got = await cli('domains', 'get');
    assert.match(got.stdout, /ready for activation/);
    const observed = (await events()).filter((event) => event.type === 'OBSERVED');
    assert.deepEqual(observed.map((event) => [event.stream, event.data.status]), [[`custom-hostname:${REF}`, '4_origin_setup_completed']]);
    await cli('domains', 'get');
    assert.equal((await events()).filter((event) => event.type === 'OBSERVED').length, 1, 'an unchanged answer was recorded again');
    assert.equal((await cli('domains', 'activate')).code, 0);
  });

  it('starts from the platform\'s state when the journal never saw the hostname (a fresh checkout)', async () => {
    platform.hostname = { custom_hostname: 'api.example.com', status: '4_origin_setup_completed' };
    const activated = await cli('domains', 'activate');
    assert.equal(activated.code, 0, activated.stderr);
    assert.deepEqual((await events()).map((event) => event.type), ['OBSERVED', 'ACTIVATE', 'ACTIVATED']);
  });

  it('a vanity subdomain cannot be activated while a custom hostname exists, and the other way round', async () => {
    await cli('domains', 'create', '--custom-hostname', 'api.example.com');
    const before = platform.api.requests.length;
    const refused = await cli('vanity-subdomains', 'activate', '--desired-subdomain', 'acme', '--experimental');
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr.split('\n')[0], 'A vanity subdomain cannot be activated while a custom hostname exists. Delete it first: supabase domains delete');
    // The subdomain stream was unknown, so it was read once; the hostname the refusal rests on was
    // read again from the platform; nothing was asked to change.
    assert.deepEqual(platform.api.requests.slice(before).map((request) => request.operationId), ['getVanitySubdomainConfig', 'getCustomHostnameConfig']);

    await cli('domains', 'delete');
    assert.equal((await cli('vanity-subdomains', 'check-availability', '--desired-subdomain', ' acme ', '--experimental')).stdout, 'Subdomain acme available: true\n');
    assert.deepEqual(platform.api.calls('checkVanitySubdomainAvailability')[0].body, { vanity_subdomain: 'acme' });
    const activated = await cli('vanity-subdomains', 'activate', '--desired-subdomain', 'acme', '--experimental');
    assert.equal(activated.stdout, 'Activated vanity subdomain at acme.supabase.co\n');
    assert.equal((await cli('vanity-subdomains', 'get', '--experimental')).stdout, 'Status: active\nVanity subdomain: acme.supabase.co\n');
    const blocked = await cli('domains', 'create', '--custom-hostname', 'api.example.com');
    assert.equal(blocked.stderr.split('\n')[0], 'A custom hostname cannot be created while a vanity subdomain is active. Delete it first: supabase vanity-subdomains delete');
    assert.equal((await cli('vanity-subdomains', 'delete', '--experimental')).stdout, 'Deleted vanity subdomain successfully.\n');
    assert.equal((await cli('vanity-subdomains', 'activate', '--desired-subdomain', '', '--experimental')).stderr.split('\n')[0], 'non-empty vanity subdomain expected');
    const streams = new Set((await events()).map((event) => event.stream));
    assert.deepEqual([...streams].sort(), [`custom-hostname:${REF}`, `vanity-subdomain:${REF}`]);
  });

  it('outside a project folder, the journal is the user\'s own and nothing is written to the folder', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'hosted-elsewhere-'));
    try {
      platform.hostname = { custom_hostname: 'api.example.com', status: '2_initiated' };
      const got = await runMain(['domains', 'get', '--project-ref', REF], { cwd: elsewhere, env: { ...env, SUPABASE_PROJECT_ID: '' } });
      assert.equal(got.code, 0, got.stderr);
      assert.equal(existsSync(path.join(elsewhere, 'supabase')), false);
      assert.ok(existsSync(path.join(project, '.supabase', 'hosted', 'events.jsonl')));
      // events there lists that journal: the hostname the command observed, not "No events recorded yet."
      const listed = await runMain(['events', '-o', 'json'], { cwd: elsewhere, env: { ...env, SUPABASE_PROJECT_ID: '' } });
      assert.equal(listed.code, 0, listed.stderr);
      const streams = (JSON.parse(listed.stdout) as Array<{ stream: string }>).map((event) => event.stream);
      assert.ok(streams.includes(`custom-hostname:${REF}`), listed.stdout);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
