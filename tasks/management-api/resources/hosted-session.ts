/**
 * What every request on a hosted resource (custom hostname, vanity subdomain, preview branches)
 * goes through around its API call, so the machines decide and the journal remembers:
 *
 * 1. open the journal: the project's (supabase/.temp/events.jsonl) inside a project folder, else a
 *    per-user one (~/.supabase/hosted), since `domains --project-ref` also runs outside projects;
 *    and the client, which loads the saved access token;
 * 2. when the journal has never seen a resource the decision depends on, read it from the
 *    platform first and record what was found (a fresh checkout, or a change made in the
 *    dashboard, starts from the platform's truth instead of a guess);
 * 3. when the journal alone would refuse, read the resources the decision rests on from the
 *    platform (one GET each) and record what was found: the platform is the truth, the journal
 *    the memory, so a change made in the dashboard never blocks a request. A read that fails is
 *    the command's error, not a refusal;
 * 4. ask the machine: a request it refuses fails here with its reason, before any change is sent;
 * 5. run the task the machine's state names (the API call) and record its outcome.
 *
 * Each resource's file (branches-step.ts, domains-step.ts) says what it reads; hosted-step.ts is
 * the one entry the commands call.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { acceptsRequest } from '../../../machines/journal/request-check.js';
import type { NewEvent } from '../../../machines/journal/journal-event.js';
import { userHostedJournalDir } from '../../journal/journal-paths.js';
import { JournalStore } from '../../journal/journal-store.js';
import type { MachineRequest, RunResult, TaskPlugin } from '../../orchestration/orchestration-types.js';
import { recordObservations } from '../../orchestration/record-observations.js';
import { runMachine } from '../../orchestration/run-machine.js';
import { TaskError } from '../../task-error.js';
import type { ManagementClient } from '../client/client.js';
import { managementApi, type ClientCaller } from '../client/command-client.js';

/** What the step needs of the command that asks: where it runs, what it is, where it writes. */
export interface HostedCaller extends ClientCaller {
  projectRoot: string;
  /** The command path (`branches create`), for the lock's label and the journal's records. */
  path: string;
  io: { interactive: boolean; stderr: (text: string) => void };
}

export interface HostedSession {
  caller: HostedCaller;
  ref: string;
  journal: JournalStore;
  api: ManagementClient;
}

/** Opens the journal and the API client for project `ref`. */
export async function openHosted(caller: HostedCaller, ref: string): Promise<HostedSession> {
  const inProject = existsSync(path.join(caller.projectRoot, 'supabase'));
  const options = { warn: (line: string) => caller.io.stderr(`${line}\n`) };
  const journal = inProject ? JournalStore.forProject(caller.projectRoot, options) : JournalStore.inDirectory(userHostedJournalDir(caller.env), options);
  return { caller, ref, journal, api: await managementApi(caller) };
}

/** Whether the journal holds any event of a stream. */
export function streamKnown(session: HostedSession, stream: string): boolean {
  return (session.journal.replay().fold.streams[stream]?.count ?? 0) > 0;
}

/** Records what the platform reported; only events that change a machine's state are written. */
export async function recordObserved(session: HostedSession, events: NewEvent[]): Promise<void> {
  const result = await recordObservations(session.journal, events, `supabase ${session.caller.path}`);
  if (result.recorded.length > 0) session.caller.log.debug(`recorded ${result.recorded.length} observation(s) of the platform`);
}

/**
 * Reads a resource the journal never saw, so the machine decides on the platform's state. A read
 * that fails only costs the head start (false): a refusal then reads it again, failing loudly.
 */
export async function observeIfUnknown(session: HostedSession, stream: string, read: () => Promise<NewEvent[]>): Promise<boolean> {
  if (streamKnown(session, stream)) return false;
  try {
    await recordObserved(session, await read());
    return true;
  } catch (error) {
    session.caller.log.debug(`could not read ${stream} from the platform first: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Asks the machine for the change and drives it; a refusal is the machine's reason, exit 1. When
 * the journal alone would refuse, `observe` reads the platform first (its error is the command's)
 * and what it found is recorded, so the machine refuses only what the platform confirms.
 */
export async function requestChange(session: HostedSession, request: MachineRequest, tasks: Record<string, TaskPlugin>, observe?: () => Promise<NewEvent[]>): Promise<RunResult> {
  const { caller } = session;
  if (observe && !acceptsRequest(session.journal.replay().fold, request)) await recordObserved(session, await observe());
  const result = await runMachine(session.journal, request, {
    tasks,
    label: `supabase ${caller.path}`,
    // A spinner in a terminal; without one the command prints only its result, as the original does.
    renderer: caller.io.interactive ? 'default' : 'silent',
    onRecover: (message) => caller.io.stderr(`${message}\n`),
    onWarning: (text) => caller.io.stderr(`Warning: ${text}\n`),
  });
  if (result.status === 'refused') {
    // The refusal says what to do first; the journal shows how the resource got where it is.
    throw new TaskError(result.refusal ?? `${request.event.type} is not possible now.`, `Run supabase events --stream ${request.stream} for its history.`);
  }
  return result;
}
