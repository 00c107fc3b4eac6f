/**
 * One preview branch, in its own stream `branch:<branch id>`: creating, then the platform's
 * statuses, updated in place, deleted (alone, or with branching disabled). The project-level
 * machine (branches.machine.ts, stream `branches:<ref>`) knows which branches a project has; the
 * tasks record each outcome on both streams.
 */
import { setup } from 'xstate';
import { xstateGuards, xstateUpdates, type EventCatalog, type MachineDefinition, type Params } from './kit/machine-kit.js';

/** The platform's branch statuses (management API BranchResponse.status). */
export const BRANCH_STATUSES = ['CREATING_PROJECT', 'RUNNING_MIGRATIONS', 'MIGRATIONS_PASSED', 'MIGRATIONS_FAILED'] as const;

export interface BranchContext {
  /** The project the branch belongs to (its parent project's ref). */
  projectRef: string | null;
  name: string | null;
  gitBranch: string | null;
  region: string | null;
  resetOnPush: boolean;
  status: string | null;
}

type Details = { branchId?: string; projectRef?: string; name?: string; gitBranch?: string; region?: string; resetOnPush?: boolean; status?: string };
export type BranchEvent =
  | ({ type: 'BRANCH_CREATED' } & Details)
  | ({ type: 'BRANCH_OBSERVED' } & Details)
  | ({ type: 'BRANCH_UPDATED' } & Details)
  | { type: 'BRANCH_DELETED'; branchId?: string };

const events: EventCatalog<BranchEvent> = {
  BRANCH_CREATED: 'The platform created the branch (status CREATING_PROJECT at first).',
  BRANCH_OBSERVED: 'branches list or get reported the branch\'s current status.',
  BRANCH_UPDATED: 'Its name, git branch, reset-on-push or region changed.',
  BRANCH_DELETED: 'It was deleted, alone or with branching disabled, or a listing no longer shows it.',
};

const guards = {
  statusIs: (_context: BranchContext, event: BranchEvent, params: Params) => 'status' in event && event.status === params?.status,
};

const DETAIL_KEYS = ['projectRef', 'name', 'gitBranch', 'region', 'resetOnPush', 'status'] as const;

const updates = {
  rememberDetails: (_context: BranchContext, event: BranchEvent) =>
    Object.fromEntries(DETAIL_KEYS.filter((key) => key in event && (event as Details)[key] !== undefined).map((key) => [key, (event as Details)[key]])),
};

/** The status states, and the transitions that pick one from the event's status. */
const STATUS_STATES = {
  CREATING_PROJECT: 'creatingProject',
  RUNNING_MIGRATIONS: 'runningMigrations',
  MIGRATIONS_PASSED: 'migrationsPassed',
  MIGRATIONS_FAILED: 'migrationsFailed',
} as const;

const byStatus = (prefix: string, description: string, otherwise: 'creatingProject' | 'stay') => [
  ...BRANCH_STATUSES.map((status) => ({
    target: `${prefix}${STATUS_STATES[status]}`,
    guard: { type: 'statusIs', params: { status } },
    actions: 'rememberDetails',
    description: `${description} (${status})`,
  })),
  otherwise === 'stay'
    ? { actions: 'rememberDetails', description: `${description} (no status: details only)` }
    : { target: `${prefix}creatingProject`, actions: 'rememberDetails', description: `${description} (no status yet)` },
];

const machine = setup({
  types: {} as { context: BranchContext; events: BranchEvent },
  guards: xstateGuards<BranchContext, BranchEvent>(guards),
  actions: xstateUpdates<BranchContext, BranchEvent>(updates),
}).createMachine({
  id: 'branch',
  description: 'One preview branch of a hosted project.',
  initial: 'creating',
  context: { projectRef: null, name: null, gitBranch: null, region: null, resetOnPush: false, status: null },
  states: {
    creating: {
      description: 'Requested; the platform has not reported a status yet.',
      on: {
        BRANCH_CREATED: byStatus('live.', events.BRANCH_CREATED, 'creatingProject'),
        BRANCH_OBSERVED: byStatus('live.', events.BRANCH_OBSERVED, 'creatingProject'),
      },
    },
    live: {
      description: 'The branch exists; its state follows the status the platform reports.',
      initial: 'creatingProject',
      on: {
        BRANCH_OBSERVED: byStatus('.', events.BRANCH_OBSERVED, 'stay'),
        BRANCH_UPDATED: { actions: 'rememberDetails', description: events.BRANCH_UPDATED },
        BRANCH_DELETED: { target: 'deleted', description: events.BRANCH_DELETED },
      },
      states: {
        creatingProject: { description: 'CREATING_PROJECT: the branch\'s database is being created.' },
        runningMigrations: { description: 'RUNNING_MIGRATIONS: the git branch\'s migrations are being applied.' },
        migrationsPassed: { description: 'MIGRATIONS_PASSED: ready to use.' },
        migrationsFailed: { description: 'MIGRATIONS_FAILED: a migration failed; fix it and push again.' },
      },
    },
    deleted: { description: 'Deleted; kept in the journal for its history.' },
  },
});

/** The per-branch machine with its tables, for the fold, the diagrams and the tests. */
export const branchDefinition: MachineDefinition<BranchContext, BranchEvent> = {
  name: 'branch',
  description: 'One preview branch: creating -> CREATING_PROJECT, RUNNING_MIGRATIONS, MIGRATIONS_PASSED or MIGRATIONS_FAILED -> updated -> deleted.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'branch:<branch id>' },
  behaviourContext: [],
  sampleEvents: [
    ...BRANCH_STATUSES.map((status) => ({ type: 'BRANCH_CREATED' as const, branchId: 'br-1', projectRef: 'abcdefghijklmnopqrst', name: 'feature-x', region: 'fra', status })),
    // A listing always reports the name and the status; here and there a new git branch too.
    ...BRANCH_STATUSES.map((status) => ({ type: 'BRANCH_OBSERVED' as const, branchId: 'br-1', projectRef: 'abcdefghijklmnopqrst', name: 'feature-x', status })),
    { type: 'BRANCH_OBSERVED', branchId: 'br-1', projectRef: 'abcdefghijklmnopqrst', name: 'feature-x', gitBranch: 'feature-z', status: 'RUNNING_MIGRATIONS' },
    { type: 'BRANCH_UPDATED', branchId: 'br-1', name: 'feature-y', gitBranch: 'feature-y', resetOnPush: true },
    { type: 'BRANCH_DELETED', branchId: 'br-1' },
  ],
};
