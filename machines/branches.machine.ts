/**
 * Preview branching of one hosted project (`supabase branches`, experimental in the original): enabled or disabled,
 * the branches it has, and the one platform call in flight. Each branch's own lifecycle is
 * branch.machine.ts in the stream `branch:<id>`; the tasks record each branch outcome there too.
 */
import { setup } from 'xstate';
import {
  enter,
  failureTransitions,
  originGuards,
  originUpdates,
  xstateGuards,
  xstateUpdates,
  type EventCatalog,
  type MachineDefinition,
} from './kit/machine-kit.js';

export interface BranchesContext {
  /** Branches known to exist (created, or seen in a listing), in the order they became known. */
  branchIds: string[];
  origin: string | null;
  error: string | null;
}

type Id = { branchId?: string };
type Details = { name?: string; gitBranch?: string; region?: string; resetOnPush?: boolean; status?: string };
export type BranchesEvent =
  | ({ type: 'CREATE_BRANCH' } & Details)
  | ({ type: 'BRANCH_CREATED' } & Id & Details)
  | ({ type: 'BRANCH_OBSERVED' } & Id & Details)
  | ({ type: 'UPDATE_BRANCH' } & Id & Details)
  | ({ type: 'BRANCH_UPDATED' } & Id & Details)
  | ({ type: 'DELETE_BRANCH' } & Id)
  | ({ type: 'BRANCH_DELETED' } & Id)
  | { type: 'DISABLE' }
  | { type: 'DISABLED' }
  | { type: 'FAILED'; error?: string }
  | { type: 'INTERRUPTED' };

const events: EventCatalog<BranchesEvent> = {
  CREATE_BRANCH: 'branches create: ask for a preview branch (name, git branch, region).',
  BRANCH_CREATED: 'The platform created the branch and gave it an id.',
  BRANCH_OBSERVED: 'branches list or get reported a branch and its status.',
  UPDATE_BRANCH: 'branches update: change a branch\'s name, git branch or reset-on-push.',
  BRANCH_UPDATED: 'The platform updated the branch.',
  DELETE_BRANCH: 'branches delete: delete one branch.',
  BRANCH_DELETED: 'The branch is gone (deleted, or deleted with branching disabled).',
  DISABLE: 'branches disable: turn preview branching off, which deletes every branch.',
  DISABLED: 'The platform disabled preview branching for the project.',
  FAILED: 'The platform call failed; nothing changed.',
  INTERRUPTED: 'The command waiting for the platform died; branches list shows where things stand.',
};

const guards = {
  ...originGuards,
  knownBranch: (context: BranchesContext, event: BranchesEvent) =>
    'branchId' in event && typeof event.branchId === 'string' && context.branchIds.includes(event.branchId),
};

const updates = {
  ...originUpdates,
  addBranch: (context: BranchesContext, event: BranchesEvent) =>
    'branchId' in event && typeof event.branchId === 'string' && !context.branchIds.includes(event.branchId)
      ? { branchIds: [...context.branchIds, event.branchId], error: null }
      : { error: null },
  removeBranch: (context: BranchesContext, event: BranchesEvent) => ({
    branchIds: context.branchIds.filter((id) => !('branchId' in event) || id !== event.branchId),
    error: null,
  }),
  forgetBranches: () => ({ branchIds: [], error: null }),
  rememberError: (_context: BranchesContext, event: BranchesEvent) => ({
    error: event.type === 'FAILED' ? (event.error ?? 'failed') : 'interrupted',
  }),
};

const failure = (origins: string[]) => failureTransitions(origins, events.FAILED, events.INTERRUPTED);
const unknownBranch = 'The project has no preview branch with that id (it was deleted, or never existed): supabase branches list shows the current ones.';

const machine = setup({
  types: {} as { context: BranchesContext; events: BranchesEvent },
  guards: xstateGuards<BranchesContext, BranchesEvent>(guards),
  actions: xstateUpdates<BranchesContext, BranchesEvent>(updates),
}).createMachine({
  id: 'branches',
  description: 'Preview branching of one hosted project.',
  initial: 'disabled',
  context: { branchIds: [], origin: null, error: null },
  states: {
    disabled: {
      description: 'Preview branching is off: the project has no branches.',
      meta: {
        refusals: {
          DISABLE: 'Preview branching is not enabled for this project.',
          UPDATE_BRANCH: unknownBranch,
          DELETE_BRANCH: unknownBranch,
        },
      },
      on: {
        CREATE_BRANCH: enter('creating', 'disabled', events.CREATE_BRANCH),
        BRANCH_OBSERVED: { target: 'enabled', actions: 'addBranch', description: 'A listing showed branches: branching is on.' },
      },
    },
    creating: {
      description: 'Creating a branch (POST /v1/projects/{ref}/branches).',
      meta: { task: 'branches.create', failure: 'FAILED' },
      on: {
        BRANCH_CREATED: { target: 'enabled', actions: ['addBranch', 'clearOrigin'], description: events.BRANCH_CREATED },
        ...failure(['disabled', 'enabled']),
      },
    },
    enabled: {
      description: 'Preview branching is on; each branch follows its own machine (branch).',
      meta: { refusals: { UPDATE_BRANCH: unknownBranch, DELETE_BRANCH: unknownBranch } },
      on: {
        CREATE_BRANCH: enter('creating', 'enabled', events.CREATE_BRANCH),
        UPDATE_BRANCH: { ...enter('updating', 'enabled', events.UPDATE_BRANCH), guard: 'knownBranch' },
        DELETE_BRANCH: { ...enter('deleting', 'enabled', events.DELETE_BRANCH), guard: 'knownBranch' },
        DISABLE: enter('disabling', 'enabled', events.DISABLE),
        BRANCH_OBSERVED: { actions: 'addBranch', description: events.BRANCH_OBSERVED },
        BRANCH_DELETED: { actions: 'removeBranch', description: 'A listing no longer shows the branch.' },
      },
    },
    updating: {
      description: 'Updating a branch (PATCH /v1/branches/{id}).',
      meta: { task: 'branches.update', failure: 'FAILED' },
      on: {
        BRANCH_UPDATED: { target: 'enabled', actions: 'clearOrigin', description: events.BRANCH_UPDATED },
        ...failure(['enabled']),
      },
    },
    deleting: {
      description: 'Deleting a branch (DELETE /v1/branches/{id}).',
      meta: { task: 'branches.delete', failure: 'FAILED' },
      on: {
        BRANCH_DELETED: { target: 'enabled', actions: ['removeBranch', 'clearOrigin'], description: events.BRANCH_DELETED },
        ...failure(['enabled']),
      },
    },
    disabling: {
      description: 'Disabling branching (DELETE /v1/projects/{ref}/branches), which deletes every branch.',
      meta: { task: 'branches.disable', failure: 'FAILED' },
      on: {
        BRANCH_DELETED: { actions: 'removeBranch', description: 'One of the branches went with branching disabled.' },
        DISABLED: { target: 'disabled', actions: ['forgetBranches', 'clearOrigin'], description: events.DISABLED },
        ...failure(['enabled']),
      },
    },
  },
});

/** The project-level branching machine with its tables, for the fold, the diagrams and the tests. */
export const branchesDefinition: MachineDefinition<BranchesContext, BranchesEvent> = {
  name: 'branches',
  description: 'Preview branching per project: disabled or enabled; create, update, delete branches; disable deletes them all.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'branches:<project ref>' },
  behaviourContext: ['origin'],
  sampleEvents: [
    { type: 'CREATE_BRANCH', name: 'feature-x', gitBranch: 'feature-x', region: 'fra' },
    { type: 'BRANCH_CREATED', branchId: 'br-1', name: 'feature-x', status: 'CREATING_PROJECT' },
    { type: 'BRANCH_OBSERVED', branchId: 'br-2', name: 'main', status: 'MIGRATIONS_PASSED' },
    { type: 'UPDATE_BRANCH', branchId: 'br-1', name: 'feature-y' },
    { type: 'UPDATE_BRANCH', branchId: 'br-9', name: 'nobody' },
    { type: 'BRANCH_UPDATED', branchId: 'br-1', name: 'feature-y' },
    { type: 'DELETE_BRANCH', branchId: 'br-1' },
    { type: 'BRANCH_DELETED', branchId: 'br-1' },
    { type: 'DISABLE' },
    { type: 'DISABLED' },
    { type: 'FAILED', error: 'Unexpected error' },
    { type: 'INTERRUPTED' },
  ],
};
