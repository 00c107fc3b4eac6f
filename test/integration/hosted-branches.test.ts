import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runMain } from '../helpers/run-cli.js';
import { HostedPlatform } from '../helpers/hosted-platform.js';

const REF = 'abcdefghijklmnopqrst';
const TOKEN = `sbp_${'d4'.repeat(20)}`;

describe('branches: the branching machine decides, each branch has its own stream', () => {
  let platform: HostedPlatform;
  let project: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    platform = new HostedPlatform(REF);
    const host = await platform.api.start();
    project = mkdtempSync(path.join(tmpdir(), 'hosted-branches-'));
    mkdirSync(path.join(project, 'supabase', '.temp'), { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "branches"\n');
    writeFileSync(path.join(project, 'supabase', '.temp', 'project-ref'), `${REF}\n`);
    env = { HOME: project, SUPABASE_ACCESS_TOKEN: TOKEN, SUPABASE_INTERNAL_API_HOST: host, GITHUB_HEAD_REF: 'feat/billing' };
  });
  afterEach(async () => {
    assert.deepEqual(platform.api.violations, []);
    await platform.api.stop();
    rmSync(project, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runMain([...args, '--experimental'], { cwd: project, env });
  const events = async () => JSON.parse((await cli('events', '-o', 'json')).stdout) as Array<{ stream: string; type: string; data: Record<string, unknown> }>;

  it('create, list, update, get, delete and disable reach their routes and print as the original', async () => {
    const created = await cli('branches', 'create', '--region', 'fra');
    assert.equal(created.stdout, 'Created preview branch: br-1\n');
    assert.deepEqual(platform.api.calls('createBranch')[0].body, { branch_name: 'feat/billing', git_branch: 'feat/billing', region: 'fra' });
    assert.equal((await cli('branches', 'create', 'second')).stdout, 'Created preview branch: br-2\n');
    assert.deepEqual(platform.api.calls('createBranch')[1].body, { branch_name: 'second', git_branch: 'feat/billing', region: '' });

    const listed = await cli('branches', 'list');
    const lines = listed.stdout.split('\n');
    assert.deepEqual(lines[0].trim().split(/\s+\|\s+/), ['ID', 'NAME', 'DEFAULT', 'GIT BRANCH', 'RESET ON PUSH', 'STATUS', 'CREATED AT (UTC)', 'UPDATED AT (UTC)']);
    assert.match(lines[2], /br-1\s+\| feat\/billing\s+\| false\s+\| feat\/billing\s+\| false\s+\| CREATING_PROJECT\s+\| 2024-02-20 10:15:42 \| 2024-02-21 08:00:00/);

    const updated = await cli('branches', 'update', 'br-1', '--name', 'billing', '--reset-on-push');
    assert.equal(updated.stdout, 'Updated preview branch: br-1\n');
    assert.deepEqual(platform.api.calls('updateBranch')[0].body, { branch_name: 'billing', reset_on_push: true });

    const got = await cli('branches', 'get', 'br-1');
    assert.deepEqual(got.stdout.split('\n')[0].trim().split(/\s+\|\s+/), ['HOST', 'PORT', 'USER', 'PASSWORD', 'JWT SECRET', 'POSTGRES VERSION', 'STATUS']);
    assert.match(got.stdout.split('\n')[2], /db\.br-1\.supabase\.co \| 5432 \| postgres \| \*{6}\s+\| \*{6}\s+\| 15\.1\.0\.117\s+\| ACTIVE_HEALTHY/);

    assert.equal((await cli('branches', 'delete', 'br-2')).stdout, 'Deleted preview branch: br-2\n');
    assert.equal((await cli('branches', 'disable')).stdout, `Disabled preview branching for project: ${REF}\n`);

    const recorded = await events();
    assert.deepEqual([...new Set(recorded.map((event) => event.stream))].sort(), [`branch:br-1`, `branch:br-2`, `branches:${REF}`]);
    assert.deepEqual(recorded.filter((event) => event.stream === 'branch:br-1').map((event) => event.type), ['BRANCH_CREATED', 'BRANCH_UPDATED', 'BRANCH_DELETED']);
  });

  it('refuses to update a branch the journal saw deleted once a listing confirms it, without asking for any change', async () => {
    await cli('branches', 'create', 'doomed');
    await cli('branches', 'delete', 'br-1');
    const before = platform.api.requests.length;
    const refused = await cli('branches', 'update', 'br-1', '--name', 'again');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr.split('\n')[0], /^The project has no preview branch with that id/);
    assert.deepEqual(platform.api.requests.slice(before).map((request) => request.operationId), ['getBranches']);
  });

  it('a branch made elsewhere is found by listing first; one that no listing shows is refused', async () => {
    platform.branches.push({ id: 'br-gh', name: 'from-github', git_branch: 'pr-7', reset_on_push: false, is_default: false, status: 'MIGRATIONS_PASSED' });
    const updated = await cli('branches', 'update', 'br-gh', '--git-branch', 'pr-8');
    assert.equal(updated.code, 0, updated.stderr);
    assert.deepEqual(platform.api.requests.map((request) => request.operationId), ['getBranches', 'updateBranch']);
    const unknown = await cli('branches', 'delete', 'br-none');
    assert.equal(unknown.code, 1);
    assert.equal(platform.api.calls('deleteBranch').length, 0);
  });

  it('a listing that no longer shows a branch records it as deleted; statuses are recorded as observed', async () => {
    await cli('branches', 'create', 'short-lived');
    platform.branches[0].status = 'MIGRATIONS_PASSED';
    await cli('branches', 'list');
    platform.branches = [];
    await cli('branches', 'list');
    const own = (await events()).filter((event) => event.stream === 'branch:br-1');
    assert.deepEqual(own.map((event) => [event.type, event.data.status ?? null]), [
      ['BRANCH_CREATED', 'CREATING_PROJECT'],
      ['BRANCH_OBSERVED', 'MIGRATIONS_PASSED'],
      ['BRANCH_DELETED', null],
    ]);
  });

  it('failures give the original\'s messages; an unlinked folder is told to link', async () => {
    platform.next.set('createBranch', { fail: 500 });
    const failed = await cli('branches', 'create', 'x');
    assert.equal(failed.stderr.split('\n')[0], 'Unexpected error creating preview branch: {"message":"the platform failed (500)"}');
    rmSync(path.join(project, 'supabase', '.temp', 'project-ref'));
    const unlinked = await cli('branches', 'list');
    assert.equal(unlinked.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?');
  });
});
