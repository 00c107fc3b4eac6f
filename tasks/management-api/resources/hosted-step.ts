/**
 * The hosted step: the one call every command on a hosted resource (preview branches, custom
 * hostname, vanity subdomain) makes. It opens the journal, loads the token, observes, asks the
 * machine, runs the task and records (hosted-session.ts says how), so a command only turns its
 * argv into a request and prints the answer; the walk goes cli -> tasks -> machines and back up
 * only by returning.
 */
import type { MachineEventInput } from '../../orchestration/orchestration-types.js';
import { branchRequest, listAndObserve } from './branches-step.js';
import type { BranchAnswer, BranchResponse } from './branches.tasks.js';
import { domainRequest, readDomain, type DomainAnswer, type DomainResource } from './domains-step.js';
import { openHosted, type HostedCaller } from './hosted-session.js';

export type { HostedCaller } from './hosted-session.js';

/**
 * What a command asks of a resource: an event for its machine (CREATE_BRANCH, ACTIVATE, ...), or
 * no event to read the resource from the platform and record what it shows (`list`, `get`).
 */
export interface HostedRequest {
  resource: 'branches' | DomainResource;
  event?: MachineEventInput;
}

/** What the platform answered, for the command to print. */
export interface HostedAnswer extends BranchAnswer, DomainAnswer {
  /** The branch listing, when the branches were read. */
  branches?: BranchResponse[];
}

/** Runs one request on project `ref`'s resource; a refusal or a failed call is a TaskError. */
export async function hostedStep(caller: HostedCaller, ref: string, request: HostedRequest): Promise<HostedAnswer> {
  const session = await openHosted(caller, ref);
  const answer: HostedAnswer = {};
  const { resource, event } = request;
  if (resource === 'branches') {
    if (event) await branchRequest(session, event, answer);
    else answer.branches = await listAndObserve(session);
  } else if (event) {
    await domainRequest(session, resource, event, answer);
  } else {
    await readDomain(session, resource, answer);
  }
  return answer;
}
