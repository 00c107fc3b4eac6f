/**
 * The pieces the `branches` commands share: the linked project (these commands read only the
 * linked ref, as the original's LoadProjectRef), its branching streams, the listing recorded as
 * observations, and one request on the branching machine, observed first when it would be refused.
 */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { branchesStream } from '../../machines/journal/projections/branches.projection.js';
import type { BranchAnswer, BranchResponse } from '../../tasks/management-api/resources/branches.tasks.js';
import { openHosted, recordObserved, requestChange, type HostedSession } from './hosted-session.js';
import type { NewEvent } from '../../machines/journal/journal-event.js';

/** Opens the linked project's journal and the API client. */
export async function openBranches(ctx: CommandContext): Promise<HostedSession> {
  return openHosted(ctx, await requireLinkedRef(ctx.projectRoot));
}

/** One listing of the branches, as the observations it makes (new ones, statuses, ones gone). */
async function readBranches(session: HostedSession): Promise<{ listed: BranchResponse[]; observed: NewEvent[] }> {
  const { listBranches, branchObservations } = await import('../../tasks/management-api/resources/branches.tasks.js');
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
export async function branchStep(ctx: CommandContext, event: { type: string; branchId?: string } & Record<string, unknown>): Promise<BranchAnswer> {
  const session = await openBranches(ctx);
  const { branchesTasks } = await import('../../tasks/management-api/resources/branches.tasks.js');
  const answer: BranchAnswer = {};
  const observe = async () => (await readBranches(session)).observed;
  await requestChange(session, { stream: branchesStream(session.ref), event }, branchesTasks(session.api, session.ref, answer), observe);
  return answer;
}
