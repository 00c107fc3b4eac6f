/**
 * Hosted refusals observe first: the platform is the truth, the journal the memory. A hostname
 * deleted in the dashboard no longer blocks a vanity subdomain, `domains create` on a configured
 * hostname sends the request as the original does (it starts the setup over), and a branch
 * listing that fails is the command's error rather than "no such branch". The commands run
 * against the spec-validating local Management API server of the other hosted tests.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMain } from '../helpers/run-cli.js';
import { DohServer } from '../helpers/doh-server.js';
import { HostedPlatform } from '../helpers/hosted-platform.js';

const REF = 'abcdefghijklmnopqrst';
const TOKEN = `sbp_${'f6'.repeat(20)}`;

describe('hosted refusals read the platform before trusting the journal', () => {
  const doh = new DohServer();
  let platform: HostedPlatform;
  let project: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    await doh.start();
    doh.records.set('api.example.com CNAME', [`${REF}.supabase.red.`]);
  });
  after(() => doh.stop());

  beforeEach(async () => {
    platform = new HostedPlatform(REF);
    const host = await platform.api.start();
    project = mkdtempSync(path.join(tmpdir(), 'hosted-observe-'));
    mkdirSync(path.join(project, 'supabase', '.temp'), { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "observe"\n');
    writeFileSync(path.join(project, 'supabase', '.temp', 'project-ref'), `${REF}\n`);
    env = { HOME: project, SUPABASE_ACCESS_TOKEN: TOKEN, SUPABASE_INTERNAL_API_HOST: host, SUPABASE_INTERNAL_DOH_URL: doh.url, SUPABASE_PROJECT_ID: REF, GITHUB_HEAD_REF: '' };
  });
  afterEach(async () => {
    assert.deepEqual(platform.api.violations, []);
    await platform.api.stop();
    rmSync(project, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runMain(args, { cwd: project, env });
  const events = async () => JSON.parse((await cli('events', '-o', 'json')).stdout) as Array<{ stream: string; type: string; data: Record<string, unknown> }>;

  it('activates a vanity subdomain after the custom hostname the journal remembers was deleted in the dashboard', async () => {
    assert.equal((await cli('domains', 'create', '--custom-hostname', 'api.example.com')).code, 0);
    // Deleted in the dashboard: the journal still says pending.
    platform.hostname = { custom_hostname: '', status: '1_not_started' };
    const activated = await cli('vanity-subdomains', 'activate', '--desired-subdomain', 'acme', '--experimental');
    assert.equal(activated.code, 0, activated.stderr);
    assert.equal(activated.stdout, 'Activated vanity subdomain at acme.supabase.co\n');
    const hostname = (await events()).filter((event) => event.stream === `custom-hostname:${REF}`);
    assert.deepEqual(hostname.map((event) => event.type), ['CREATE', 'CREATED', 'OBSERVED']);
    assert.equal(hostname.at(-1)?.data.status, '1_not_started');
  });

  it('domains create on a configured hostname sends the request again, as the original re-initializes', async () => {
    assert.equal((await cli('domains', 'create', '--custom-hostname', 'api.example.com')).code, 0);
    platform.next.set('reverify', { status: '4_origin_setup_completed' });
    assert.equal((await cli('domains', 'reverify')).code, 0);
    const again = await cli('domains', 'create', '--custom-hostname', 'api.example.com');
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^Custom hostname verification in-progress;/);
    assert.equal(platform.api.calls('createCustomHostnameConfig').length, 2);
    const recorded = (await events()).filter((event) => event.stream === `custom-hostname:${REF}`).map((event) => event.type);
    assert.deepEqual(recorded.slice(-2), ['CREATE', 'CREATED']);
  });

  it('a hostname whose first read failed is read again before the journal\'s refusal stands', async () => {
    platform.hostname = { custom_hostname: 'api.example.com', status: '4_origin_setup_completed' };
    // The read of the never-seen hostname fails; the fresh journal alone says there is none.
    platform.next.set('getCustomHostnameConfig', { fail: 500 });
    const activated = await cli('domains', 'activate');
    assert.equal(activated.code, 0, activated.stderr);
    // The failed read, the read before the refusal would stand, and activation's own read (its CNAME check).
    assert.deepEqual(platform.api.requests.map((request) => request.operationId), ['getCustomHostnameConfig', 'getCustomHostnameConfig', 'getCustomHostnameConfig', 'activate']);
  });

  for (const command of [['update', 'br-gh', '--name', 'renamed'], ['delete', 'br-gh']]) {
    it(`branches ${command[0]} of a branch the journal never saw fails with the listing's error when the listing fails`, async () => {
      platform.branches.push({ id: 'br-gh', name: 'from-github', git_branch: 'pr-7', reset_on_push: false, is_default: false, status: 'MIGRATIONS_PASSED' });
      platform.next.set('getBranches', { fail: 500 });
      const failed = await cli('branches', ...command, '--experimental');
      assert.equal(failed.code, 1);
      assert.equal(failed.stderr.split('\n')[0], 'Unexpected error listing preview branches: {"message":"the platform failed (500)"}');
      assert.doesNotMatch(failed.stderr, /no preview branch with that id/);
      assert.deepEqual(platform.api.requests.map((request) => request.operationId), ['getBranches']);
    });
  }
});
