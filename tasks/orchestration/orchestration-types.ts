/**
 * The shapes of the orchestration API: a handler asks a machine stream for a change, the states it
 * passes through name tasks, and task plugins (listr2 tasks) do the work and report outcomes as
 * events. Types only.
 */
import type { ListrRendererFactory, ListrTaskWrapper } from 'listr2';
import type { EventData, JournalEvent } from '../../machines/journal/journal-event.js';
import type { FoldState } from '../../machines/journal/fold.js';
import type { StreamView } from '../../machines/journal/state-view.js';
import type { StepRunner } from './step-runner.js';

/** A machine event: its type and its data. */
export type MachineEventInput = { type: string } & EventData;

/** A change asked of one stream, or of one keyed instance in it. */
export interface MachineRequest {
  /** `stack`, `custom-hostname:<ref>`, `branches:<ref>`, `migrations:<target>` ... */
  stream: string;
  /** The instance (a migration version) for keyed machines; omitted for the stream's own machine. */
  key?: string;
  event: MachineEventInput;
}

/** An outcome a task reports. Without `stream` it is about the run's stream (and its key). */
export interface Outcome {
  type: string;
  data?: EventData;
  stream?: string;
}

/** What a task plugin gets while it runs. */
export interface StepContext {
  /** The stream or instance being driven, in the in-flight state that asked for this task. */
  view: StreamView;
  /** The request that started the run (after the fold added its facts). */
  request: MachineEventInput;
  /** The project's whole fold as of now. */
  fold: () => FoldState;
  /**
   * Appends events at once, flushed: progress that must survive a kill, e.g. SERVICE_HEALTHY for
   * each service while the stack is starting. Events without a stream go to the run's stream.
   */
  record: (events: Outcome | Outcome[]) => JournalEvent[];
  /** The listr2 task: titles, output, prompts and subtasks. */
  task: ListrTaskWrapper<unknown, ListrRendererFactory, ListrRendererFactory>;
  /** Runs one part of the task as a step of the command's operation (recorded before and after). */
  runStep: StepRunner;
}

/**
 * The effect behind a task name that a state asks for (`stack.start`, `custom-hostname.create`).
 * It returns the outcome events; throwing records the state's failure event with the message.
 */
export interface TaskPlugin {
  title: string | ((view: StreamView) => string);
  run: (step: StepContext) => Promise<Outcome | Outcome[] | void>;
}

/** listr2 renderers the runner can use; `default` falls back to `simple` without a terminal. */
export type RendererChoice = 'default' | 'simple' | 'verbose' | 'silent' | 'test';

/** How a run behaves. */
export interface RunOptions {
  /** Plugins by task name, for every task the states on the way may ask for. */
  tasks: Record<string, TaskPlugin>;
  /** What this command is, for whoever waits on the operation lock (`supabase start`). */
  label?: string;
  /** How long to wait for another command working on the project (default 0: fail at once). */
  waitMs?: number;
  renderer?: RendererChoice;
  /** Where the renderer writes (default process.stderr, so stdout stays clean for results). */
  output?: NodeJS.WritableStream;
  /** Told before a task whose state carries a warning runs (default: written to `output`). */
  onWarning?: (text: string) => void;
  /** Told when an interrupted command's state is closed or a leftover state is cleaned up first. */
  onRecover?: (message: string) => void;
  /** The operation's step runner, given to the task plugins (default: steps are not recorded). */
  step?: StepRunner;
  /**
   * The caller is an operation that has reconciled the journal already (run-operation.ts): what
   * is in flight now is its own work, not a dead command's, and must not be closed.
   */
  reconciled?: boolean;
}

/** What a run did. */
export interface RunResult {
  /** `refused`: the machine does not accept the request here; nothing was recorded for it. */
  status: 'done' | 'refused';
  /** The machine's reason, when refused. */
  refusal?: string;
  before: StreamView;
  after: StreamView;
  /** Every event this run appended, recovery included, in order. */
  appended: JournalEvent[];
  warnings: string[];
}

/** What a command that changes the project declares as it begins (see run-operation.ts). */
export interface OperationSpec {
  /** Which recovery applies if it is interrupted: `db-reset`, `migration-apply`, `stack` ... */
  kind: string;
  /** What the user ran, for messages and for whoever finds the lock taken: `supabase db reset`. */
  command: string;
  /** What a recovery needs to finish or undo it (no secrets: the journal is a plain file). */
  params?: Record<string, unknown>;
  /**
   * Interrupted operations of these kinds that this one redoes from scratch (a reset after a
   * reset): they are closed as superseded instead of being recovered first.
   */
  supersedes?: readonly string[];
}
