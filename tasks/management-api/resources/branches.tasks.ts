/**
 * The effects behind the branching machine's in-flight states (`branches.*` tasks) and what
 * `branches list` observes, with the original's routes and messages (internal/branches).
 * Every branch outcome is recorded twice: on the project's `branches:<ref>` stream (which branches
 * exist) and on the branch's own `branch:<id>` stream (its status and details).
 */
import type { NewEvent } from '../../../machines/journal/journal-event.js';
import { branchStream, branchesStream } from '../../../machines/journal/projections/branches.projection.js';
import type { Outcome, TaskPlugin } from '../../orchestration/orchestration-types.js';
import { expectStatus, type ManagementClient } from '../client/client.js';
import type { components } from '../client/management-api.gen.js';

export type BranchResponse = components['schemas']['BranchResponse'];
export type BranchUpdate = components['schemas']['UpdateBranchBody'];

/** What the tasks learnt, for the command to print. */
export interface BranchAnswer {
  branch?: BranchResponse;
}

/** A branch's details as event data (the machines' field names). */
function details(branch: BranchResponse): Record<string, unknown> {
  return {
    branchId: branch.id,
    name: branch.name,
    ...(branch.git_branch !== undefined ? { gitBranch: branch.git_branch } : {}),
    resetOnPush: branch.reset_on_push,
    status: branch.status,
  };
}

/** The PATCH body: only what the request changes (the flags the user set). */
function updateBody(request: Record<string, unknown>): BranchUpdate {
  return {
    ...(typeof request.name === 'string' ? { branch_name: request.name } : {}),
    ...(typeof request.gitBranch === 'string' ? { git_branch: request.gitBranch } : {}),
    ...(typeof request.resetOnPush === 'boolean' ? { reset_on_push: request.resetOnPush } : {}),
  };
}

/** One branch outcome on both streams: the project's (which branches exist) and the branch's own. */
export function onBothStreams(ref: string, type: string, data: Record<string, unknown> & { branchId: string }): Outcome[] {
  return [
    { type, data, stream: branchesStream(ref) },
    { type, data: { ...data, projectRef: ref }, stream: branchStream(data.branchId) },
  ];
}

/** The plugins for the branching machine of project `ref`. */
export function branchesTasks(api: ManagementClient, ref: string, answer: BranchAnswer): Record<string, TaskPlugin> {
  return {
    'branches.create': {
      title: 'Creating the preview branch',
      run: async ({ request }) => {
        const body = { branch_name: String(request.name ?? ''), git_branch: String(request.gitBranch ?? ''), region: String(request.region ?? '') };
        const created = await expectStatus('creating preview branch', api.POST('/v1/projects/{ref}/branches', { params: { path: { ref } }, body }), [201]);
        answer.branch = created;
        return onBothStreams(ref, 'BRANCH_CREATED', { ...details(created), branchId: created.id, region: body.region });
      },
    },
    'branches.update': {
      title: 'Updating the preview branch',
      run: async ({ request }) => {
        const branchId = String(request.branchId);
        const body = updateBody(request);
        const updated = await expectStatus('updating preview branch', api.PATCH('/v1/branches/{branch_id}', { params: { path: { branch_id: branchId } }, body }), [200]);
        answer.branch = updated;
        return onBothStreams(ref, 'BRANCH_UPDATED', { ...details(updated), branchId });
      },
    },
    'branches.delete': {
      title: 'Deleting the preview branch',
      run: async ({ request }) => {
        const branchId = String(request.branchId);
        await expectStatus('deleting preview branch', api.DELETE('/v1/branches/{branch_id}', { params: { path: { branch_id: branchId } } }), [200]);
        return onBothStreams(ref, 'BRANCH_DELETED', { branchId });
      },
    },
    'branches.disable': {
      title: 'Disabling preview branching',
      run: async ({ view }) => {
        await expectStatus('disabling preview branching', api.DELETE('/v1/projects/{ref}/branches', { params: { path: { ref } } }), [200]);
        const known = (view.snapshot.context as { branchIds: string[] }).branchIds;
        return [...known.flatMap((branchId) => onBothStreams(ref, 'BRANCH_DELETED', { branchId })), { type: 'DISABLED' }];
      },
    },
  };
}

/** Lists the project's branches (`GET /v1/projects/{ref}/branches`). */
export function listBranches(api: ManagementClient, ref: string): Promise<BranchResponse[]> {
  return expectStatus('listing preview branches', api.GET('/v1/projects/{ref}/branches', { params: { path: { ref } } }), [200]);
}

/**
 * What a listing tells the journal: every branch it shows, and the known branches it no longer
 * shows (deleted from the dashboard or by a merged pull request).
 */
export function branchObservations(ref: string, listed: BranchResponse[], known: readonly string[]): NewEvent[] {
  const shown = new Set(listed.map((branch) => branch.id));
  const outcomes = [
    ...listed.flatMap((branch) => onBothStreams(ref, 'BRANCH_OBSERVED', { ...details(branch), branchId: branch.id })),
    ...known.filter((id) => !shown.has(id)).flatMap((branchId) => onBothStreams(ref, 'BRANCH_DELETED', { branchId })),
  ];
  return outcomes.map((outcome) => ({ stream: outcome.stream!, type: outcome.type, data: outcome.data ?? {} }));
}
