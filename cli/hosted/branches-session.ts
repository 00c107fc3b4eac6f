/**
 * The pieces the `branches` commands share: the linked project (these commands read only the
 * linked ref, as the original's LoadProjectRef), its branching streams, the listing recorded as
 * observations, and one request on the branching machine.
 */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { branchStream, branchesStream } from '../../machines/journal/projections/branches.projection.js';
import type { BranchAnswer, BranchResponse } from '../../tasks/platform/hosted/branches.tasks.js';
import { openHosted, recordObserved, requestChange, streamKnown, type HostedSession } from './hosted-session.js';

/** Opens the linked project's journal and the API client. */
export async function openBranches(ctx: CommandContext): Promise<HostedSession> {
  return openHosted(ctx, await requireLinkedRef(ctx.projectRoot));
}

/** Lists the branches and records what the listing shows (new ones, statuses, ones gone). */
export async function listAndObserve(session: HostedSession): Promise<BranchResponse[]> {
  const { listBranches, branchObservations } = await import('../../tasks/platform/hosted/branches.tasks.js');
  const listed = await listBranches(session.api, session.ref);
  const known = (session.journal.replay().fold.streams[branchesStream(session.ref)]?.machine?.context.branchIds as string[] | undefined) ?? [];
  await recordObserved(session, branchObservations(session.ref, listed, known));
  return listed;
}

/**
 * Asks the branching machine for a change. A branch (or a project) the journal never saw is
 * looked up in a listing first; one the journal saw deleted is refused without any request.
 */
export async function branchStep(ctx: CommandContext, event: { type: string; branchId?: string } & Record<string, unknown>): Promise<BranchAnswer> {
  const session = await openBranches(ctx);
  const stream = event.branchId ? branchStream(event.branchId) : branchesStream(session.ref);
  if (event.type !== 'CREATE_BRANCH' && !streamKnown(session, stream)) {
    try {
      await listAndObserve(session);
    } catch (error) {
      ctx.log.debug(`could not list the branches first: ${(error as Error).message}`);
    }
  }
  const { branchesTasks } = await import('../../tasks/platform/hosted/branches.tasks.js');
  const answer: BranchAnswer = {};
  await requestChange(session, { stream: branchesStream(session.ref), event }, branchesTasks(session.api, session.ref, answer));
  return answer;
}
