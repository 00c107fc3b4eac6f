/**
 * Model-based tests of the hosted-resource commands: every path @xstate/graph finds through the
 * custom hostname, vanity subdomain, branching and branch machines is driven through the real
 * commands against the spec-validating fake platform, and the journal's fold must end where the
 * machine itself ends (see test/helpers/hosted-model-driver.ts).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { customHostnameDefinition } from '../../machines/custom-hostname.machine.js';
import { vanitySubdomainDefinition } from '../../machines/vanity-subdomain.machine.js';
import { branchesDefinition } from '../../machines/branches.machine.js';
import { branchDefinition } from '../../machines/branch.machine.js';
import { DohServer } from '../helpers/doh-server.js';
import { HostedPlatform, type BranchStatus, type HostnameStatus } from '../helpers/hosted-platform.js';
import { distinctPaths, drivePath, newProject, removeProject, type MachineDriver, type PathEvent, type Step } from '../helpers/hosted-model-driver.js';
import { BIN } from '../helpers/run-cli.js';

const REF = 'abcdefghijklmnopqrst';
const TOKEN = `sbp_${'e5'.repeat(20)}`;
const X = ['--experimental'];

/** The decision that makes the platform answer a call with the path's outcome. */
function decided(outcome: PathEvent | undefined, onSuccess: (outcome: PathEvent) => Step['decision']): Step['decision'] {
  if (!outcome) return undefined;
  if (outcome.type === 'FAILED') return { fail: 500 };
  return onSuccess(outcome);
}

const hostnameDriver: MachineDriver = {
  definition: customHostnameDefinition,
  stream: `custom-hostname:${REF}`,
  requests: ['CREATE', 'REVERIFY', 'ACTIVATE', 'DELETE'],
  compared: ['hostname', 'status'],
  request: (event, outcome) => {
    const status = (answer: PathEvent) => (typeof answer.status === 'string' ? { status: answer.status as HostnameStatus } : undefined);
    switch (event.type) {
      case 'CREATE':
        return { args: ['domains', 'create', '--custom-hostname', String(event.hostname ?? 'api.example.com')], operation: 'createCustomHostnameConfig', decision: decided(outcome, status) };
      case 'REVERIFY':
        return { args: ['domains', 'reverify'], operation: 'reverify', decision: decided(outcome, status) };
      case 'ACTIVATE':
        return { args: ['domains', 'activate'], operation: 'activate', decision: decided(outcome, () => undefined) };
      default:
        return { args: ['domains', 'delete'], operation: 'removeCustomHostnameConfig', decision: decided(outcome, () => undefined) };
    }
  },
  observe: (event, platform) => {
    platform.hostname = { custom_hostname: String(event.hostname ?? ''), status: event.status as HostnameStatus };
    return { args: ['domains', 'get'] };
  },
};

const subdomainDriver: MachineDriver = {
  definition: vanitySubdomainDefinition,
  stream: `vanity-subdomain:${REF}`,
  requests: ['CHECK', 'ACTIVATE', 'DELETE'],
  compared: ['subdomain', 'customDomain'],
  request: (event, outcome) => {
    const subdomain = ['--desired-subdomain', String(event.subdomain ?? 'acme')];
    switch (event.type) {
      case 'CHECK':
        return {
          args: ['vanity-subdomains', 'check-availability', ...subdomain, ...X],
          operation: 'checkVanitySubdomainAvailability',
          decision: decided(outcome, (answer) => ({ available: answer.available === true })),
        };
      case 'ACTIVATE':
        return { args: ['vanity-subdomains', 'activate', ...subdomain, ...X], operation: 'activateVanitySubdomainPlease', decision: decided(outcome, () => undefined) };
      default:
        return { args: ['vanity-subdomains', 'delete', ...X], operation: 'removeVanitySubdomainConfig', decision: decided(outcome, () => undefined) };
    }
  },
  observe: (event, platform) => {
    platform.vanity = event.status === 'active' ? { status: 'active', custom_domain: String(event.customDomain) } : { status: 'not-used' };
    return { args: ['vanity-subdomains', 'get', ...X] };
  },
};

/** Puts a branch on the platform (or changes it there), as a pull request or the dashboard would. */
function branchOnPlatform(platform: HostedPlatform, event: PathEvent): void {
  const id = String(event.branchId);
  let branch = platform.branches.find((item) => item.id === id);
  if (!branch) {
    branch = { id, name: String(event.name ?? 'feature-x'), reset_on_push: false, is_default: false, status: 'CREATING_PROJECT' };
    platform.branches.push(branch);
  }
  if (typeof event.name === 'string') branch.name = event.name;
  if (typeof event.status === 'string') branch.status = event.status as BranchStatus;
  if (typeof event.gitBranch === 'string') branch.git_branch = event.gitBranch;
}

const branchesDriver: MachineDriver = {
  definition: branchesDefinition,
  stream: `branches:${REF}`,
  requests: ['CREATE_BRANCH', 'UPDATE_BRANCH', 'DELETE_BRANCH', 'DISABLE'],
  compared: ['branchIds'],
  request: (event, outcome) => {
    switch (event.type) {
      case 'CREATE_BRANCH':
        return {
          args: ['branches', 'create', String(event.name), '--region', String(event.region), ...X],
          operation: 'createBranch',
          decision: decided(outcome, (answer) => ({ status: answer.status as BranchStatus, id: String(answer.branchId) })),
        };
      case 'UPDATE_BRANCH':
        return { args: ['branches', 'update', String(event.branchId), '--name', String(event.name), ...X], operation: 'updateBranch', decision: decided(outcome, () => undefined) };
      case 'DELETE_BRANCH':
        return { args: ['branches', 'delete', String(event.branchId), ...X], operation: 'deleteBranch', decision: decided(outcome, () => undefined) };
      default:
        return { args: ['branches', 'disable', ...X], operation: 'disableBranch', decision: decided(outcome, () => undefined) };
    }
  },
  observe: (event, platform) => {
    if (event.type === 'BRANCH_DELETED') platform.branches = platform.branches.filter((branch) => branch.id !== event.branchId);
    else branchOnPlatform(platform, event);
    return { args: ['branches', 'list', ...X] };
  },
};

/** The per-branch machine: every event is the outcome of a branches command on branch br-1. */
const branchDriver: MachineDriver = {
  definition: branchDefinition,
  stream: 'branch:br-1',
  requests: [],
  compared: ['projectRef', 'name', 'region', 'resetOnPush', 'status'],
  request: () => assert.fail('the branch machine has no requests of its own'),
  observe: (event, platform) => {
    switch (event.type) {
      case 'BRANCH_CREATED':
        return {
          args: ['branches', 'create', String(event.name), '--region', String(event.region), ...X],
          operation: 'createBranch',
          decision: { status: event.status as BranchStatus, id: String(event.branchId) },
        };
      case 'BRANCH_UPDATED':
        return { args: ['branches', 'update', 'br-1', '--name', String(event.name), '--git-branch', String(event.gitBranch), '--reset-on-push', ...X] };
      case 'BRANCH_DELETED':
        return { args: ['branches', 'delete', 'br-1', ...X] };
      default:
        branchOnPlatform(platform, event);
        return { args: ['branches', 'list', ...X] };
    }
  },
};

describe('hosted resources: every machine path, driven through the commands', function () {
  this.timeout(600_000);
  const doh = new DohServer();
  before(async function () {
    if (!existsSync(BIN.replace(/bin\/supabase\.js$/, 'dist/cli/process-io.js'))) assert.fail('run npm run build first: the killed runs use the built CLI');
    await doh.start();
    for (const hostname of ['api.example.com', 'www.example.org']) doh.records.set(`${hostname} CNAME`, [`${REF}.supabase.red.`]);
  });
  after(() => doh.stop());

  for (const driver of [hostnameDriver, subdomainDriver, branchesDriver, branchDriver]) {
    it(`${driver.definition.name}: the journal ends where the machine does, on every path`, async () => {
      const paths = distinctPaths(driver.definition);
      let kills = 0;
      for (const events of paths) {
        const platform = new HostedPlatform(REF);
        const host = await platform.api.start();
        const project = newProject(REF);
        const env = { HOME: project, SUPABASE_ACCESS_TOKEN: TOKEN, SUPABASE_INTERNAL_API_HOST: host, SUPABASE_INTERNAL_DOH_URL: doh.url, SUPABASE_PROJECT_ID: REF, GITHUB_HEAD_REF: '' };
        try {
          await drivePath(driver, events, { platform, project, env });
          kills += events.filter((event, index) => event.type === 'INTERRUPTED' || (index === events.length - 1 && driver.requests.includes(event.type))).length;
          assert.deepEqual(platform.api.violations, [], events.map((event) => event.type).join(' -> '));
        } finally {
          await platform.api.stop();
          removeProject(project);
        }
      }
      console.log(`      ${paths.length} paths, ${kills} of them with a command killed mid-request`);
    });
  }
});
