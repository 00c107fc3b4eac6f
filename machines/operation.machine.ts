/**
 * One run of a command that changes a project (start, stop, db reset, migration up, db push,
 * migration repair, migration squash, test db). Instances live in the `operations` stream, keyed
 * by the run's `id`. Every step is recorded before and after it runs, so after a kill -9 or a
 * Ctrl-C the journal says exactly how far the run got, and the next command can finish the job or
 * undo it (tasks/orchestration/reconcile.ts) before doing anything else.
 */
import { setup } from 'xstate';
import { xstateGuards, xstateUpdates, type EventCatalog, type MachineDefinition } from './kit/machine-kit.js';

export interface OperationContext {
  /** What the user ran, for messages: `supabase db reset`. */
  command: string | null;
  /** Which recovery applies: `db-reset`, `migration-apply`, `migration-squash`, `stack` ... */
  kind: string | null;
  /** What the recovery needs to know (a version, the target's stream, files), merged as steps add to it. */
  params: Record<string, unknown>;
  /** The step under way, or the last one begun. */
  step: string | null;
  /** Steps that finished, in order. */
  done: string[];
  /** The process that ran the operation. */
  pid: number | null;
  /** Why it failed or stopped: an error, or the signal that interrupted it. */
  error: string | null;
  /** How it ended after an interruption: `completed`, `rolled back`, `superseded`. */
  outcome: string | null;
}

type Step = { id?: string; step?: string; params?: Record<string, unknown> };
export type OperationEvent =
  | { type: 'BEGIN'; id?: string; command?: string; kind?: string; params?: Record<string, unknown>; pid?: number }
  | ({ type: 'STEP_BEGUN' } & Step)
  | ({ type: 'STEP_DONE' } & Step)
  | { type: 'FINISHED'; id?: string }
  | { type: 'FAILED'; id?: string; error?: string }
  | { type: 'INTERRUPTED'; id?: string; signal?: string }
  | { type: 'RECOVER'; id?: string }
  | { type: 'RECOVERED'; id?: string; outcome?: string }
  | { type: 'RECOVERY_FAILED'; id?: string; error?: string };

const events: EventCatalog<OperationEvent> = {
  BEGIN: 'A command that changes the project took the operation lock and began (its kind and what a recovery needs).',
  STEP_BEGUN: 'A step is about to run (recorded and flushed first, so a kill leaves the step named).',
  STEP_DONE: 'The step finished.',
  FINISHED: 'Every step finished.',
  FAILED: 'A step failed and the command reported it; nothing is left half-done that the failure did not say.',
  INTERRUPTED: 'The command was killed or cancelled (SIGINT, SIGTERM) before it finished; found by the next command, or recorded by the command itself on a signal.',
  RECOVER: 'A later command is finishing or undoing the interrupted operation before its own work.',
  RECOVERED: 'The interrupted operation was completed, rolled back, or superseded by a command that redoes it.',
  RECOVERY_FAILED: 'Finishing or undoing it failed (the database was down, say); a later command tries again.',
};

const guards = {};

const updates = {
  rememberBegin: (_context: OperationContext, event: OperationEvent) =>
    event.type === 'BEGIN'
      ? { command: event.command ?? null, kind: event.kind ?? null, params: { ...event.params }, pid: event.pid ?? null, step: null, done: [], error: null, outcome: null }
      : {},
  rememberStep: (context: OperationContext, event: OperationEvent) =>
    event.type === 'STEP_BEGUN' ? { step: event.step ?? null, params: { ...context.params, ...event.params } } : {},
  rememberStepDone: (context: OperationContext, event: OperationEvent) =>
    event.type === 'STEP_DONE'
      ? { done: [...context.done, event.step ?? '?'], params: { ...context.params, ...event.params } }
      : {},
  rememberError: (_context: OperationContext, event: OperationEvent) => ({
    error:
      (event.type === 'FAILED' || event.type === 'RECOVERY_FAILED') && event.error
        ? event.error
        : event.type === 'INTERRUPTED' && event.signal
          ? `interrupted by ${event.signal}`
          : event.type === 'INTERRUPTED'
            ? 'interrupted'
            : 'failed',
  }),
  rememberOutcome: (_context: OperationContext, event: OperationEvent) => ({ outcome: event.type === 'RECOVERED' ? (event.outcome ?? 'recovered') : null }),
};

const stepTransitions = {
  STEP_BEGUN: { actions: 'rememberStep', description: events.STEP_BEGUN },
  STEP_DONE: { actions: 'rememberStepDone', description: events.STEP_DONE },
} as const;

const machine = setup({
  types: {} as { context: OperationContext; events: OperationEvent },
  guards: xstateGuards<OperationContext, OperationEvent>(guards),
  actions: xstateUpdates<OperationContext, OperationEvent>(updates),
}).createMachine({
  id: 'operation',
  description: 'One run of a command that changes the project, step by step.',
  initial: 'pending',
  context: { command: null, kind: null, params: {}, step: null, done: [], pid: null, error: null, outcome: null },
  states: {
    pending: {
      description: 'Nothing recorded for this run yet.',
      on: { BEGIN: { target: 'running', actions: 'rememberBegin', description: events.BEGIN } },
    },
    running: {
      description: 'The command is working through its steps.',
      meta: { task: 'operation.run', failure: 'FAILED' },
      on: {
        ...stepTransitions,
        FINISHED: { target: 'finished', description: events.FINISHED },
        FAILED: { target: 'failed', actions: 'rememberError', description: events.FAILED },
        INTERRUPTED: { target: 'interrupted', actions: 'rememberError', description: events.INTERRUPTED },
      },
    },
    finished: { description: 'Every step finished.' },
    failed: { description: 'It failed and said so; the user fixes the cause and runs it again.' },
    interrupted: {
      description: 'Killed or cancelled half way: the next command finishes or undoes it first.',
      meta: { recover: { type: 'RECOVER' } },
      on: { RECOVER: { target: 'recovering', description: events.RECOVER } },
    },
    recovering: {
      description: 'A later command is finishing or undoing it.',
      meta: { task: 'operation.recover', failure: 'RECOVERY_FAILED' },
      on: {
        ...stepTransitions,
        RECOVERED: { target: 'recovered', actions: 'rememberOutcome', description: events.RECOVERED },
        RECOVERY_FAILED: { target: 'interrupted', actions: 'rememberError', description: events.RECOVERY_FAILED },
        INTERRUPTED: { target: 'interrupted', actions: 'rememberError', description: events.INTERRUPTED },
      },
    },
    recovered: { description: 'Completed, rolled back or superseded after an interruption.' },
  },
});

/** The operation machine with its tables, for the fold, the diagrams and the tests. */
export const operationDefinition: MachineDefinition<OperationContext, OperationEvent> = {
  name: 'operation',
  description: 'A command that changes the project: pending -> running -> finished or failed; interrupted -> recovering -> recovered.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'operations', keyField: 'id' },
  behaviourContext: [],
  sampleEvents: [
    { type: 'BEGIN', id: 'op1', command: 'supabase db reset', kind: 'db-reset', params: { version: '20240101000000' }, pid: 4242 },
    { type: 'STEP_BEGUN', id: 'op1', step: 'drop database' },
    { type: 'STEP_BEGUN', id: 'op1', step: 'apply 20240101000000_init.sql', params: { backendPid: 77 } },
    { type: 'STEP_DONE', id: 'op1', step: 'drop database' },
    { type: 'FINISHED', id: 'op1' },
    { type: 'FAILED', id: 'op1', error: 'syntax error at or near "tablx"' },
    { type: 'INTERRUPTED', id: 'op1' },
    { type: 'INTERRUPTED', id: 'op1', signal: 'SIGINT' },
    { type: 'RECOVER', id: 'op1' },
    { type: 'RECOVERED', id: 'op1', outcome: 'completed' },
    { type: 'RECOVERY_FAILED', id: 'op1', error: 'supabase start is not running.' },
  ],
};

