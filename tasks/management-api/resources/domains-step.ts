/**
 * The custom hostname and the vanity subdomain in the hosted step: the project's two domain
 * streams, reading each one from the platform as an observation, and one request on either
 * machine, after the reads its decision rests on.
 */
import { decisionStreams, domainStreams } from '../../../machines/domains/exclusivity.js';
import type { NewEvent } from '../../../machines/journal/journal-event.js';
import type { MachineEventInput, TaskPlugin } from '../../orchestration/orchestration-types.js';
import { customHostnameTasks, hostnameObservation, readHostnameConfig, type HostnameConfig } from './custom-hostname.tasks.js';
import { observeIfUnknown, recordObserved, requestChange, type HostedSession } from './hosted-session.js';
import { readSubdomainConfig, subdomainObservation, vanitySubdomainTasks, type SubdomainConfig } from './vanity-subdomain.tasks.js';

/** The domain resources, by the name the hosted step's requests use. */
export type DomainResource = 'custom-hostname' | 'vanity-subdomain';

/** What a domain request or read learnt, for the command to print. */
export interface DomainAnswer {
  /** The platform's custom hostname configuration, as read or as the last call returned it. */
  hostname?: HostnameConfig;
  /** The platform's vanity subdomain configuration, as read. */
  subdomain?: SubdomainConfig;
  /** Whether the subdomain asked about is free (CHECK). */
  available?: boolean;
  /** The address the activated subdomain answers on (ACTIVATE). */
  customDomain?: string;
}

function streamOf(session: HostedSession, resource: DomainResource): string {
  const streams = domainStreams(session.ref);
  return resource === 'custom-hostname' ? streams.hostname : streams.subdomain;
}

/** One GET of the resource a stream records, as the observation it makes. */
function readerOf(session: HostedSession, stream: string): () => Promise<NewEvent[]> {
  if (stream === domainStreams(session.ref).hostname) {
    return async () => [hostnameObservation(stream, await readHostnameConfig(session.api, session.ref))];
  }
  return async () => [subdomainObservation(stream, await readSubdomainConfig(session.api, session.ref))];
}

/** Reads a domain resource from the platform and records what it shows. */
export async function readDomain(session: HostedSession, resource: DomainResource, answer: DomainAnswer): Promise<void> {
  const stream = streamOf(session, resource);
  if (resource === 'custom-hostname') {
    answer.hostname = await readHostnameConfig(session.api, session.ref);
    await recordObserved(session, [hostnameObservation(stream, answer.hostname)]);
  } else {
    answer.subdomain = await readSubdomainConfig(session.api, session.ref);
    await recordObserved(session, [subdomainObservation(stream, answer.subdomain)]);
  }
}

/** The machine's task plugins for a resource, leaving what the platform answered in `answer`. */
function tasksOf(session: HostedSession, resource: DomainResource, answer: DomainAnswer): Record<string, TaskPlugin> {
  if (resource === 'vanity-subdomain') return vanitySubdomainTasks(session.api, session.ref, answer);
  return customHostnameTasks(session.api, session.ref, session.caller.env, answer);
}

/**
 * One request on a domain stream: the resources its decision rests on (the exclusivity rule says
 * which) are read when the journal never saw them, and read again when the journal alone would
 * refuse; then the machine decides and the task runs.
 */
export async function domainRequest(session: HostedSession, resource: DomainResource, event: MachineEventInput, answer: DomainAnswer): Promise<void> {
  const stream = streamOf(session, resource);
  const needed = decisionStreams(stream, event.type);
  const fresh: string[] = [];
  for (const each of needed) if (await observeIfUnknown(session, each, readerOf(session, each))) fresh.push(each);
  // What was just read for being unknown is not read a second time.
  const stale = needed.filter((each) => !fresh.includes(each));
  const observe = async () => (await Promise.all(stale.map((each) => readerOf(session, each)()))).flat();
  await requestChange(session, { stream, event }, tasksOf(session, resource, answer), observe);
}
