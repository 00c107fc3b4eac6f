/**
 * The orchestration API that command handlers call. A run takes the project's operation lock,
 * closes what a dead command left in flight, asks the machine whether it accepts the request
 * (with the facts the fold adds, such as the hostname / subdomain exclusivity), records it, and
 * then, as long as the state names a task, runs that task's plugin (listr2) and records its
 * outcome. The journal says at every moment how far the run got.
 */
import { accepts, refusalOf, type StreamView } from '../../machines/journal/state-view.js';
import { eventWithFacts } from '../../machines/journal/request-check.js';
import { INTERRUPTED } from '../../machines/kit/machine-kit.js';
import { messageOf } from '../task-error.js';
import type { JournalStore } from '../journal/journal-store.js';
import { JournalSession, outcomeEvent } from './journal-session.js';
import { withOperation } from './operation-lock.js';
import type { MachineEventInput, MachineRequest, RunOptions, RunResult } from './orchestration-types.js';
import { closeInterrupted, describe, recoveryFor } from './recovery.js';
import { runTaskStep } from './task-step.js';
import { interruptedBy } from './interrupts.js';
import { unrecorded } from './step-runner.js';

// A machine passes through a handful of in-flight states per request; more means a plugin loops.
const MAX_STEPS = 16;

/**
 * Asks a stream (or a keyed instance) for a change and drives it until its state needs no task.
 * Resolves with `refused` (nothing recorded) when the machine does not accept the request; a
 * plugin's error is recorded as the state's failure event and then rethrown.
 */
export async function runMachine(journal: JournalStore, request: MachineRequest, options: RunOptions): Promise<RunResult> {
  return withOperation(journal, options.label ?? `${request.event.type} ${request.stream}`, options.waitMs ?? 0, () =>
    driveRequest(new JournalSession(journal), request, options),
  );
}

/**
 * runMachine's work for a caller that already holds the operation lock (an operation, see
 * run-operation.ts, or a recovery): closes what a dead command left in flight, then asks and drives.
 */
export async function driveRequest(session: JournalSession, request: MachineRequest, options: RunOptions): Promise<RunResult> {
  const notify = options.onRecover ?? ((message: string) => write(options, `${message}\n`));
  const warnings: string[] = [];
  if (!options.reconciled) closeInterrupted(session, notify);

  const before = session.view(request.stream, request.key);
  const event = withFacts(session, request);
  if (!accepts(before, event)) {
    const recover = recoveryFor(before, event);
    if (recover) {
      notify(`${describe(before)} is ${before.snapshot.value}: cleaning up (${recover.type}) first.`);
      session.append([outcomeEvent({ type: recover.type, data: payload(recover) }, request.stream, request.key)]);
      await drive(session, request, recover, options, warnings);
    }
    const now = session.view(request.stream, request.key);
    if (!accepts(now, event)) {
      return { status: 'refused', refusal: refusalOf(now, event.type), before, after: now, appended: session.appended, warnings };
    }
  }
  session.append([outcomeEvent({ type: event.type, data: payload(event) }, request.stream, request.key)]);
  await drive(session, request, event, options, warnings);
  return { status: 'done', before, after: session.view(request.stream, request.key), appended: session.appended, warnings };
}

/** Runs the tasks the states ask for until the stream settles. */
async function drive(
  session: JournalSession,
  request: MachineRequest,
  event: MachineEventInput,
  options: RunOptions,
  warnings: string[],
): Promise<void> {
  for (let steps = 0; ; steps++) {
    const view = session.view(request.stream, request.key);
    const task = view.meta.task;
    if (!task) return;
    if (view.meta.warning) {
      const text = view.meta.warning.replaceAll('{ref}', request.stream.slice(request.stream.indexOf(':') + 1));
      warnings.push(text);
      (options.onWarning ?? ((message: string) => write(options, `Warning: ${message}\n`)))(text);
    }
    const plugin = options.tasks[task];
    try {
      if (!plugin) throw new Error(`no task plugin was given for ${task}`);
      if (steps >= MAX_STEPS) throw new Error(`${describe(view)} did not settle after ${MAX_STEPS} tasks`);
      const outcomes = await runTaskStep(
        plugin,
        {
          view,
          request: event,
          fold: () => session.fold,
          record: (events) => session.append((Array.isArray(events) ? events : [events]).map((outcome) => outcomeEvent(outcome, request.stream, request.key))),
          runStep: options.step ?? unrecorded,
        },
        options,
      );
      session.append(outcomes.map((outcome) => outcomeEvent(outcome, request.stream, request.key)));
      const after = session.view(request.stream, request.key);
      if (after.snapshot.value === view.snapshot.value && after.meta.task === task) {
        throw new Error(`task ${task} reported no outcome that ${view.machine.name} accepts in ${view.snapshot.value}`);
      }
    } catch (error) {
      // On Ctrl-C the interruption is recorded instead (interrupts.ts): the task did not fail.
      if (!interruptedBy()) recordFailure(session, session.view(request.stream, request.key), task, error);
      throw error;
    }
  }
}

/** Records the in-flight state's failure event (or INTERRUPTED) if the state is still in flight. */
function recordFailure(session: JournalSession, view: StreamView, task: string, error: unknown): void {
  if (view.meta.task !== task) return;
  const failure = { type: view.meta.failure ?? INTERRUPTED, error: messageOf(error) };
  const type = accepts(view, failure) ? failure.type : INTERRUPTED;
  session.append([outcomeEvent({ type, data: { error: failure.error } }, view.stream, view.key)]);
}

/** The request with the facts its stream kind adds from other streams. */
function withFacts(session: JournalSession, request: MachineRequest): MachineEventInput {
  return eventWithFacts(session.fold, request) as MachineEventInput;
}

function payload(event: MachineEventInput): Record<string, unknown> {
  const { type: _type, ...data } = event;
  return data;
}

function write(options: RunOptions, text: string): void {
  (options.output ?? process.stderr).write(text);
}
