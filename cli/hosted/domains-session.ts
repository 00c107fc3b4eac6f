/**
 * The pieces the `domains` and `vanity-subdomains` commands share: the project's two domain
 * streams, reading each one from the platform as an observation, and the task plugins.
 */
import type { CommandContext } from '../context.js';
import { resolveProjectRef } from '../project-ref.js';
import { decisionStreams, domainStreams } from '../../machines/domains/exclusivity.js';
import type { NewEvent } from '../../machines/journal/journal-event.js';
import type { HostnameAnswer } from '../../tasks/management-api/resources/custom-hostname.tasks.js';
import type { SubdomainAnswer } from '../../tasks/management-api/resources/vanity-subdomain.tasks.js';
import { observeIfUnknown, openHosted, requestChange, type HostedSession } from './hosted-session.js';
import type { TaskPlugin } from '../../tasks/orchestration/orchestration-types.js';

export interface DomainsSession extends HostedSession {
  streams: { hostname: string; subdomain: string };
}

/** Resolves the project and opens its journal and the API client. */
export async function openDomains(ctx: CommandContext): Promise<DomainsSession> {
  const ref = await resolveProjectRef(ctx);
  const session = await openHosted(ctx, ref);
  return { ...session, streams: domainStreams(ref) };
}

/** One GET of the custom hostname, as the observation it makes. */
async function readHostname(session: DomainsSession): Promise<NewEvent[]> {
  const { readHostnameConfig, hostnameObservation } = await import('../../tasks/management-api/resources/custom-hostname.tasks.js');
  return [hostnameObservation(session.streams.hostname, await readHostnameConfig(session.api, session.ref))];
}

/** One GET of the vanity subdomain, as the observation it makes. */
async function readSubdomain(session: DomainsSession): Promise<NewEvent[]> {
  const { readSubdomainConfig, subdomainObservation } = await import('../../tasks/management-api/resources/vanity-subdomain.tasks.js');
  return [subdomainObservation(session.streams.subdomain, await readSubdomainConfig(session.api, session.ref))];
}

/** The read of the resource a stream records. */
function readerOf(session: DomainsSession, stream: string): () => Promise<NewEvent[]> {
  return stream === session.streams.hostname ? () => readHostname(session) : () => readSubdomain(session);
}

/**
 * One request on a domain stream: the resources its decision rests on (the exclusivity rule says
 * which) are read when the journal never saw them, and read again when the journal alone would
 * refuse; then the machine decides and the task runs.
 */
export async function domainRequest(session: DomainsSession, stream: string, event: { type: string } & Record<string, unknown>, tasks: Record<string, TaskPlugin>): Promise<void> {
  const needed = decisionStreams(stream, event.type);
  const fresh: string[] = [];
  for (const each of needed) if (await observeIfUnknown(session, each, readerOf(session, each))) fresh.push(each);
  // What was just read for being unknown is not read a second time.
  const stale = needed.filter((each) => !fresh.includes(each));
  const observe = async () => (await Promise.all(stale.map((each) => readerOf(session, each)()))).flat();
  await requestChange(session, { stream, event }, tasks, observe);
}

/** The custom hostname machine's task plugins, leaving the platform's answer in `answer`. */
export async function hostnameTasks(session: DomainsSession, answer: HostnameAnswer) {
  const { customHostnameTasks } = await import('../../tasks/management-api/resources/custom-hostname.tasks.js');
  return customHostnameTasks(session.api, session.ref, session.ctx.env, answer);
}

/** The vanity subdomain machine's task plugins, leaving what was learnt in `answer`. */
export async function subdomainTasks(session: DomainsSession, answer: SubdomainAnswer) {
  const { vanitySubdomainTasks } = await import('../../tasks/management-api/resources/vanity-subdomain.tasks.js');
  return vanitySubdomainTasks(session.api, session.ref, answer);
}

/**
 * One step of the custom hostname flow (CREATE, REVERIFY or ACTIVATE): make sure the streams the
 * decision needs are known, ask the machine, run the call, print the platform's status text.
 */
export async function hostnameStep(ctx: CommandContext, event: { type: string; hostname?: string }): Promise<void> {
  const { hostnameStatusText } = await import('../management-api/hostname-status.js');
  const session = await openDomains(ctx);
  const answer: HostnameAnswer = {};
  await domainRequest(session, session.streams.hostname, event, await hostnameTasks(session, answer));
  if (answer.config) ctx.io.stdout(`${hostnameStatusText(answer.config, ctx.flags['include-raw-output'] === true)}\n`);
}
