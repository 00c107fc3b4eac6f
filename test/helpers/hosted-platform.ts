/**
 * A small stateful platform for the hosted-resource commands (custom hostname, vanity subdomain,
 * preview branches) behind the spec-validating Management API server: it remembers what was
 * created and answers reads from that, so commands can be run in sequence as against the real
 * one. A test scripts what the platform decides (`next`: the status a call ends in, or a failure)
 * and can change things behind the tool's back, as the dashboard would.
 */
import { ManagementApiServer, type Answer, type HandledRequest } from './management-api-server.js';

export type HostnameStatus = '1_not_started' | '2_initiated' | '3_challenge_verified' | '4_origin_setup_completed' | '5_services_reconfigured';
export type BranchStatus = 'CREATING_PROJECT' | 'RUNNING_MIGRATIONS' | 'MIGRATIONS_PASSED' | 'MIGRATIONS_FAILED';

interface Branch {
  id: string;
  name: string;
  git_branch?: string;
  reset_on_push: boolean;
  is_default: boolean;
  status: BranchStatus;
}

/** What the platform will decide on the next call of an operation. */
export type Decision =
  | { status: HostnameStatus | BranchStatus; id?: string }
  | { available: boolean }
  | { fail: number }
  /** Never answer: the test kills the command while it waits. */
  | { hang: true };

const BRANCH_TIMES = { created_at: '2024-02-20T10:15:42Z', updated_at: '2024-02-21T08:00:00Z' };

export class HostedPlatform {
  hostname: { custom_hostname: string; status: HostnameStatus } = { custom_hostname: '', status: '1_not_started' };
  vanity: { status: 'not-used' | 'custom-domain-used' | 'active'; custom_domain?: string } = { status: 'not-used' };
  branches: Branch[] = [];
  /** Decisions by operationId, used once each. */
  readonly next = new Map<string, Decision>();
  /** Resolves when a request arrives at an operation told to hang. */
  onHang?: (operationId: string) => void;
  readonly api: ManagementApiServer;
  private created = 0;

  constructor(readonly ref: string) {
    const handlers = {
      getCustomHostnameConfig: () => this.decide('getCustomHostnameConfig', () => ({ status: 200, body: this.hostnameBody() })),
      createCustomHostnameConfig: (request: HandledRequest) =>
        this.decide('createCustomHostnameConfig', (decision) => {
          this.hostname = { custom_hostname: String((request.body as { custom_hostname?: string }).custom_hostname), status: statusOf(decision, '2_initiated') as HostnameStatus };
          return { status: 201, body: this.hostnameBody() };
        }),
      reverify: () => this.decide('reverify', (decision) => ((this.hostname.status = statusOf(decision, this.hostname.status) as HostnameStatus), { status: 201, body: this.hostnameBody() })),
      activate: () => this.decide('activate', () => ((this.hostname.status = '5_services_reconfigured'), { status: 201, body: this.hostnameBody() })),
      removeCustomHostnameConfig: () => this.decide('removeCustomHostnameConfig', () => ((this.hostname = { custom_hostname: '', status: '1_not_started' }), { status: 200 })),
      getVanitySubdomainConfig: () => this.decide('getVanitySubdomainConfig', () => ({ status: 200, body: this.vanity })),
      checkVanitySubdomainAvailability: () =>
        this.decide('checkVanitySubdomainAvailability', (decision) => ({ status: 201, body: { available: decision && 'available' in decision ? decision.available : true } })),
      activateVanitySubdomainPlease: (request: HandledRequest) =>
        this.decide('activateVanitySubdomainPlease', () => {
          const domain = `${(request.body as { vanity_subdomain: string }).vanity_subdomain}.supabase.co`;
          this.vanity = { status: 'active', custom_domain: domain };
          return { status: 201, body: { custom_domain: domain } };
        }),
      removeVanitySubdomainConfig: () => this.decide('removeVanitySubdomainConfig', () => ((this.vanity = { status: 'not-used' }), { status: 200 })),
      getBranches: () => this.decide('getBranches', () => ({ status: 200, body: this.branches.map((branch) => this.branchBody(branch)) })),
      createBranch: (request: HandledRequest) =>
        this.decide('createBranch', (decision) => {
          const body = request.body as { branch_name: string; git_branch?: string };
          const id = decision && 'id' in decision && decision.id ? decision.id : `br-${++this.created}`;
          this.branches = this.branches.filter((item) => item.id !== id);
          const branch: Branch = { id, name: body.branch_name, git_branch: body.git_branch, reset_on_push: false, is_default: false, status: statusOf(decision, 'CREATING_PROJECT') as BranchStatus };
          this.branches.push(branch);
          return { status: 201, body: this.branchBody(branch) };
        }),
      getBranchDetails: (request: HandledRequest) =>
        this.decide('getBranchDetails', () => {
          const branch = this.branches.find((item) => item.id === request.params.branch_id);
          if (!branch) return { status: 500, body: { message: 'branch not found' } };
          return { status: 200, body: { db_host: `db.${branch.id}.supabase.co`, db_port: 5432, ref: 'bbbbbbbbbbbbbbbbbbbb', postgres_version: '15.1.0.117', status: 'ACTIVE_HEALTHY', db_user: 'postgres' } };
        }),
      updateBranch: (request: HandledRequest) =>
        this.decide('updateBranch', () => {
          const branch = this.branches.find((item) => item.id === request.params.branch_id);
          if (!branch) return { status: 500, body: { message: 'branch not found' } };
          const body = request.body as { branch_name?: string; git_branch?: string; reset_on_push?: boolean };
          if (body.branch_name !== undefined) branch.name = body.branch_name;
          if (body.git_branch !== undefined) branch.git_branch = body.git_branch;
          if (body.reset_on_push !== undefined) branch.reset_on_push = body.reset_on_push;
          return { status: 200, body: this.branchBody(branch) };
        }),
      deleteBranch: (request: HandledRequest) =>
        this.decide('deleteBranch', () => ((this.branches = this.branches.filter((item) => item.id !== request.params.branch_id)), { status: 200, body: { message: 'ok' } })),
      disableBranch: () => this.decide('disableBranch', () => ((this.branches = []), { status: 200, body: {} })),
    };
    this.api = new ManagementApiServer(handlers);
  }

  /** Applies the scripted decision for an operation: a failure, a hang, or the normal effect. */
  private decide(operationId: string, effect: (decision?: Decision) => Answer): Answer | Promise<Answer> {
    const decision = this.next.get(operationId);
    this.next.delete(operationId);
    if (decision && 'fail' in decision) return { status: decision.fail, raw: `{"message":"the platform failed (${decision.fail})"}` };
    if (decision && 'hang' in decision) {
      this.onHang?.(operationId);
      return new Promise<Answer>(() => undefined);
    }
    return effect(decision);
  }

  private hostnameBody() {
    const { custom_hostname, status } = this.hostname;
    const data = status === '2_initiated'
      ? { result: { ownership_verification: { name: `_cf-custom-hostname.${custom_hostname}`, type: 'txt', value: 'ownership-token' }, ssl: { status: 'pending_validation', validation_records: [{ status: 'pending', txt_name: `_acme-challenge.${custom_hostname}`, txt_value: 'acme-token' }] } } }
      : { result: { custom_origin_server: `${this.ref}.supabase.co`, ssl: { status: 'active' } } };
    return { custom_hostname, status, data };
  }

  private branchBody(branch: Branch) {
    return { ...branch, project_ref: `pr${branch.id.replace(/[^a-z]/g, '')}`, parent_project_ref: this.ref, ...BRANCH_TIMES };
  }
}

function statusOf(decision: Decision | undefined, fallback: string): string {
  return decision && 'status' in decision ? decision.status : fallback;
}
