/**
 * What every command on a hosted resource (custom hostname, vanity subdomain, preview branches)
 * does around its API call, so the machines decide and the journal remembers:
 *
 * 1. open the journal: the project's (supabase/.temp/events.jsonl) inside a project folder, else a
 *    per-user one (~/.supabase/hosted), since `domains --project-ref` also runs outside projects;
 * 2. when the journal has never seen a resource the decision depends on, read it from the
 *    platform first and record what was found (a fresh checkout, or a change made in the
 *    dashboard, starts from the platform's truth instead of a guess);
 * 3. when the journal alone would refuse, read the resources the decision rests on from the
 *    platform (one GET each) and record what was found: the platform is the truth, the journal
 *    the memory, so a change made in the dashboard never blocks a request. A read that fails is
 *    the command's error, not a refusal;
 * 4. ask the machine: a request it refuses fails here with its reason, before any change is sent;
 * 5. run the task the machine's state names (the API call) and record its outcome.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { managementApi } from '../management-api.js';
import { journalWarning } from '../project-operation.js';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import type { JournalStore } from '../../tasks/journal/journal-store.js';
import type { ManagementClient } from '../../tasks/management-api/client/client.js';
import type { MachineRequest, RunResult, TaskPlugin } from '../../tasks/orchestration/orchestration-types.js';

export interface HostedSession {
  ctx: CommandContext;
  ref: string;
  journal: JournalStore;
  api: ManagementClient;
}

/** Opens the journal and the API client for project `ref`. */
export async function openHosted(ctx: CommandContext, ref: string): Promise<HostedSession> {
  const { JournalStore } = await import('../../tasks/journal/journal-store.js');
  const { userHostedJournalDir } = await import('../../tasks/journal/journal-paths.js');
  const inProject = existsSync(path.join(ctx.projectRoot, 'supabase'));
  const options = { warn: journalWarning(ctx) };
  const journal = inProject ? JournalStore.forProject(ctx.projectRoot, options) : JournalStore.inDirectory(userHostedJournalDir(ctx.env), options);
  return { ctx, ref, journal, api: await managementApi(ctx) };
}

/** Whether the journal holds any event of a stream. */
export function streamKnown(session: HostedSession, stream: string): boolean {
  return (session.journal.replay().fold.streams[stream]?.count ?? 0) > 0;
}

/** Records what the platform reported; only events that change a machine's state are written. */
export async function recordObserved(session: HostedSession, events: NewEvent[]): Promise<void> {
  const { recordObservations } = await import('../../tasks/orchestration/record-observations.js');
  const result = await recordObservations(session.journal, events, `supabase ${session.ctx.path}`);
  if (result.recorded.length > 0) session.ctx.log.debug(`recorded ${result.recorded.length} observation(s) of the platform`);
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
    session.ctx.log.debug(`could not read ${stream} from the platform first: ${(error as Error).message}`);
    return false;
  }
}

/**
 * Asks the machine for the change and drives it; a refusal is the machine's reason, exit 1. When
 * the journal alone would refuse, `observe` reads the platform first (its error is the command's)
 * and what it found is recorded, so the machine refuses only what the platform confirms.
 */
export async function requestChange(session: HostedSession, request: MachineRequest, tasks: Record<string, TaskPlugin>, observe?: () => Promise<NewEvent[]>): Promise<RunResult> {
  const { runMachine } = await import('../../tasks/orchestration/run-machine.js');
  const { acceptsRequest } = await import('../../machines/journal/request-check.js');
  const { ctx } = session;
  if (observe && !acceptsRequest(session.journal.replay().fold, request)) await recordObserved(session, await observe());
  const result = await runMachine(session.journal, request, {
    tasks,
    label: `supabase ${ctx.path}`,
    // A spinner in a terminal; without one the command prints only its result, as the original does.
    renderer: ctx.io.interactive ? 'default' : 'silent',
    onRecover: (message) => ctx.io.stderr(`${message}\n`),
    onWarning: (text) => ctx.io.stderr(`Warning: ${text}\n`),
  });
  if (result.status === 'refused') {
    // The refusal says what to do first; the journal shows how the resource got where it is.
    throw new UserError(result.refusal ?? `${request.event.type} is not possible now.`, `Run supabase events --stream ${request.stream} for its history.`);
  }
  return result;
}
