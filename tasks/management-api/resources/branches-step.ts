/**
 * The preview branches in the hosted step: the listing recorded as observations, and one request
 * on the branching machine, observed first when the journal alone would refuse it.
 */
import { branchesStream } from '../../../machines/journal/projections/branches.projection.js';
import type { NewEvent } from '../../../machines/journal/journal-event.js';
import type { MachineEventInput } from '../../orchestration/orchestration-types.js';
import { branchObservations, branchesTasks, listBranches, type BranchAnswer, type BranchResponse } from './branches.tasks.js';
import { recordObserved, requestChange, type HostedSession } from './hosted-session.js';

/** One listing of the branches, as the observations it makes (new ones, statuses, ones gone). */
async function readBranches(session: HostedSession): Promise<{ listed: BranchResponse[]; observed: NewEvent[] }> {
  const listed = await listBranches(session.api, session.ref);
  const known = (session.journal.replay().fold.streams[branchesStream(session.ref)]?.machine?.context.branchIds as string[] | undefined) ?? [];
  return { listed, observed: branchObservations(session.ref, listed, known) };
}

/** Lists the branches and records what the listing shows. */
export async function listAndObserve(session: HostedSession): Promise<BranchResponse[]> {
  const { listed, observed } = await readBranches(session);
  await recordObserved(session, observed);
  return listed;
}

/**
 * Asks the branching machine for a change. When the journal alone would refuse it (a branch it
 * never saw, or saw deleted), the branches are listed first and what the listing shows is
 * recorded; a listing that fails is the command's error, never "no such branch".
 */
export async function branchRequest(session: HostedSession, event: MachineEventInput, answer: BranchAnswer): Promise<void> {
  const observe = async () => (await readBranches(session)).observed;
  await requestChange(session, { stream: branchesStream(session.ref), event }, branchesTasks(session.api, session.ref, answer), observe);
}
